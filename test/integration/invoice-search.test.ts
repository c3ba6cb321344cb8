import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listInvoices } from '../../functions/adapters/dynamodb/invoice-listing';
import { createInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor } from '../../functions/adapters/s3/storage';
import { newInvoiceItem } from '../../functions/core/invoices/invoice';
import { userSchema } from '../../shared/schemas';
import { startTestStack, type TestStack } from '../helpers/local-stack';

/**
 * Search is a filter over the organization's invoices with a read budget per request. These tests use
 * a tiny budget on a small organization to prove what the budget promises at any size: walking the
 * cursor still finds every match exactly once, newest first, and a count cut short says so.
 */
describe('invoice search under a read budget', () => {
  let stack: TestStack;
  let orgId: string;
  const matching: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
    const { api } = await stack.newUser();
    orgId = userSchema.parse(await (await api('/api/auth/user')).json()).organization.id;
    const start = Date.now() - 3_600_000;
    for (let n = 0; n < 54; n++) {
      const id = ulid(start + n * 1000);
      const vendorName = n % 9 === 4 ? `Harbor Plumbing ${n}` : `Acme Supply ${n}`;
      const item = {
        ...newInvoiceItem({
          orgId,
          invoiceId: id,
          objectKey: objectKeyFor(orgId, id, `inv-${n}.pdf`),
          filename: `inv-${n}.pdf`,
          contentType: 'application/pdf',
          size: 100,
          uploadedBy: 'test',
          createdAt: new Date(start + n * 1000).toISOString(),
        }),
        vendorName,
      };
      await createInvoice(item, { monthlyLimit: null, event: { type: 'UPLOADED', actor: 'test' } });
      if (vendorName.startsWith('Harbor')) matching.unshift(id);
    }
  }, 120_000);

  afterAll(() => stack?.stop());

  it('walks every match exactly once, newest first, when pages stop at the budget', async () => {
    const found: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let first: Awaited<ReturnType<typeof listInvoices>> | undefined;
    do {
      const page = await listInvoices(orgId, { search: 'harbor', limit: 2, cursor }, { readBudget: 15 });
      first ??= page;
      found.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    expect(found).toEqual(matching);
    // 6 matches, at most 2 a page: more pages than 3 means the budget cut some short and the cursor
    // carried on from where reading stopped.
    expect(pages).toBeGreaterThan(3);
    expect(first?.totalIsLowerBound).toBe(true);
    expect(first?.total).toBeLessThan(matching.length);
  });

  it('counts exactly when the budget covers the organization', async () => {
    const page = await listInvoices(orgId, { search: 'HARBOR', limit: 2 });
    expect(page.items.map((i) => i.id)).toEqual(matching.slice(0, 2));
    expect(page.total).toBe(matching.length);
    expect(page.totalIsLowerBound).toBeUndefined();
  });
});
