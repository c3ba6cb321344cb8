import { afterEach, describe, expect, it } from 'vitest';
import { IsolatedExpenseAnalyzer } from '../../functions/extraction';
import { invoiceSchema } from '../../shared/schemas';
import { fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { textlessPdf } from './pipeline-invoices';

/**
 * Text-less PDF pages of poster size: rendered at 150 dpi a 9,600 pt page is 20,000 px square (1.6 GB
 * of canvas) and a 14,400 pt one (the largest a PDF page may be) could not be rendered at all. The local
 * engine renders them within its pixel budget, in its own process, and the invoice gets a decision.
 */
let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

async function processed(
  s: TestStack,
  api: Awaited<ReturnType<TestStack['newUser']>>['api'],
  bytes: Buffer,
  name: string,
) {
  const uploaded = await api('/api/invoices/upload', { method: 'POST', body: fileForm(bytes, name) });
  expect(uploaded.status).toBe(201);
  const { id } = await uploaded.json();
  await s.workflow?.idle();
  return invoiceSchema.parse(await (await api(`/api/invoices/${id}`)).json());
}

describe('a poster-sized text-less page', () => {
  it('of 9,600 pt and of 14,400 pt is rendered within the budget and ends in a decision', async () => {
    stack = await startTestStack({ queueWorkers: false });
    const { api } = await stack.newUser();
    for (const side of [9_600, 14_400]) {
      const invoice = await processed(stack, api, await textlessPdf(side), `poster-${side}.pdf`);
      // Nothing to read on it: a person reviews it, for what is missing, not because processing failed.
      expect(invoice.status).toBe('REVIEW_REQUIRED');
      expect(invoice.reviewReasons.length).toBeGreaterThan(0);
      expect(invoice.reviewReasons.join(' ')).not.toContain('Processing failed');
    }
  }, 600_000);

  it('goes to review with the reason when the engine passes its memory cap', async () => {
    // Below what the engine's process needs to start: the watchdog stops it on the first document.
    const analyzer = new IsolatedExpenseAnalyzer({ memoryLimitMb: 40 });
    stack = await startTestStack({ queueWorkers: false, analyzer });
    const { api } = await stack.newUser();
    const invoice = await processed(stack, api, await textlessPdf(9_600), 'capped.pdf');
    expect(invoice.status).toBe('REVIEW_REQUIRED');
    expect(invoice.reviewReasons).toContain(
      'Processing failed: Reading the document needed more than 40 MB of memory',
    );
    // The server itself is untouched and answers.
    expect((await api('/api/invoices')).status).toBe(200);
  }, 300_000);
});
