import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor } from '../../functions/adapters/s3/storage';
import { newInvoiceItem } from '../../functions/core/invoices/invoice';
import { handler as claim } from '../../functions/workflow/states/claim';
import { handler as markFailed } from '../../functions/workflow/states/mark-failed';
import { userSchema } from '../../shared/schemas';
import { startTestStack, type TestStack } from '../helpers/local-stack';

/**
 * The cloud's backstop: an execution that fails where no Catch sees it (a timeout of the whole
 * execution, a runtime error) emits EventBridge's "Execution Status Change" event, which names the
 * execution and carries its input but not the run. MarkFailed must still settle the invoice that
 * execution claimed, and only that one.
 */
describe('MarkFailed called by the execution-failed event', () => {
  let stack: TestStack;
  let orgId: string;

  beforeAll(async () => {
    stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
    const { api } = await stack.newUser();
    orgId = userSchema.parse(await (await api('/api/auth/user')).json()).organization.id;
  });
  afterAll(() => stack?.stop());

  const arn = (name: string) => `arn:aws:states:us-east-1:123456789012:execution:ProcessInvoice:${name}`;
  const failedEvent = (executionArn: string, objectKey: string) => ({
    detail: {
      executionArn,
      status: 'TIMED_OUT',
      input: JSON.stringify({ bucket: 'uploads-bucket', objectKey }),
      error: 'States.Timeout',
      cause: 'The execution timed out',
    },
  });

  it('settles the PROCESSING invoice its execution claimed, and leaves other runs alone', async () => {
    const invoiceId = '01KQ0000000000000000000001';
    const item = newInvoiceItem({
      orgId,
      invoiceId,
      objectKey: objectKeyFor(orgId, invoiceId, 'stuck.pdf'),
      filename: 'stuck.pdf',
      contentType: 'application/pdf',
      size: 1,
      uploadedBy: 'test',
    });
    await createInvoice(item, { monthlyLimit: null, event: { type: 'uploaded', actor: 'test' } });
    const ctx = { bucket: 'uploads-bucket', objectKey: item.objectKey, orgId, invoiceId, registered: true };
    expect((await claim({ ctx, executionId: arn('first') })).claimed).toBe(true);

    // Another execution's failure (say, a duplicate event's) must not touch this run.
    expect(await markFailed(failedEvent(arn('other'), item.objectKey))).toEqual({ marked: false });
    expect((await findInvoice(orgId, invoiceId))?.status).toBe('PROCESSING');

    expect(await markFailed(failedEvent(arn('first'), item.objectKey))).toEqual({ marked: true });
    expect(await findInvoice(orgId, invoiceId)).toMatchObject({
      status: 'REVIEW_REQUIRED',
      processingStage: 'FAILED',
      aiConfidence: 0,
      reviewReasons: ['Processing failed: Processing took too long'],
    });
  });
});
