import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../functions/adapters/dynamodb/invoice-children';
import { createInvoice, findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor, putObject } from '../../functions/adapters/s3/storage';
import { newInvoiceItem } from '../../functions/core/invoices/invoice';
import { fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { invoicePdf, plumbingInvoice, totalsOf } from './pipeline-invoices';

const dataDir = mkdtempSync(join(tmpdir(), 'invoice-pilot-resume-'));
let stack: TestStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-run', () => {
  it('requeues the invoice it left PROCESSING on restart, and the run finishes', async () => {
    stack = await startTestStack({ dataDir, queueWorkers: false });
    const { api } = await stack.newUser();
    // About finishing a run: the invoice may pass as a new vendor's (the review of firsts is in vendor-history.test.ts).
    await trustNewVendors(api);
    // One real upload gives the organization (and registers it with the runner, as any upload does).
    const first = await (
      await api('/api/invoices/upload', {
        method: 'POST',
        body: fileForm(await invoicePdf(plumbingInvoice()), 'a.pdf'),
      })
    ).json();
    await stack.workflow?.idle();
    const orgId: string = first.organizationId;

    // The state a kill leaves: an invoice claimed (PROCESSING) by a run that no longer exists, its file stored.
    const spec = plumbingInvoice({ invoiceNumber: 'INV-KILLED-1', vendorName: 'Interrupted HVAC' });
    const item = newInvoiceItem({
      orgId,
      invoiceId: '01KQ0000000000000000000000',
      objectKey: objectKeyFor(orgId, '01KQ0000000000000000000000', 'killed.pdf'),
      filename: 'killed.pdf',
      contentType: 'application/pdf',
      size: 1,
      uploadedBy: 'test',
    });
    await createInvoice(
      { ...item, status: 'PROCESSING', processingStage: 'EXTRACTING' },
      { monthlyLimit: null, event: { type: 'uploaded', actor: 'test' } },
    );
    await putObject(item.objectKey, await invoicePdf(spec), 'application/pdf');
    await stack.workflow?.idle();
    // Its object-created event found the run already claimed: nothing moved.
    expect((await findInvoice(orgId, item.id))?.status).toBe('PROCESSING');
    await stack.stop();
    stack = undefined;

    stack = await startTestStack({ dataDir, queueWorkers: false });
    await stack.workflow?.idle();
    const after = await findInvoice(orgId, item.id);
    expect(after).toMatchObject({
      status: 'PROCESSED',
      invoiceNumber: 'INV-KILLED-1',
      totalAmount: totalsOf(spec).total,
    });
    expect(after?.processingRunId).not.toBe(item.processingRunId);
    const types = (await listEvents(orgId, item.id)).map((e) => e.type);
    expect(types).toContain('processing_requeued');
    expect(types).toContain('processed');
  }, 240_000); // two stack starts on a busy 2-core machine
});
