import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Invoice,
  invoiceSchema,
  organizationSchema,
  propertySchema,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * Issue 34 §1 and §3 against DynamoDB Local and the local workflow: the organization's legal names
 * are kept and are never the seller (a known vendor's e-mail on the page names it instead, with the
 * link in words), a property's address on the invoice suggests the property with a note, and a
 * utility bill's account fields round-trip through the invoice API.
 */
let stack: TestStack;
let ada: Api;
// A word, not random hex: the page is read as a scan would be, and hex digits come back as their
// look-alike letters (0 → o, 1 → l) often enough to make this test about OCR instead of the buyer.
const run = 'Quarry';

const get = async (id: string) => body(await ada(`/api/invoices/${id}`), 200, invoiceSchema);

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
  ada = (await stack.newUser({ firstName: 'Ada', lastName: 'Admin' })).api;
});
afterAll(async () => {
  await stack?.stop();
});

describe("the organization's own world", () => {
  it('keeps its legal names, rejects an empty one, and never takes them for the seller', async () => {
    const org = await body(await ada('/api/organization/current'), 200, organizationSchema);
    const settings = { name: org.name, slug: org.slug, plan: org.plan };
    const legalName = `Maple Court Holdings ${run} LLC`;
    const bad = await ada('/api/organization/current', {
      method: 'PUT',
      json: { ...settings, legalNames: ['  '] },
    });
    expect(bad.status).toBe(400);
    const saved = await body(
      await ada('/api/organization/current', {
        method: 'PUT',
        json: { ...settings, legalNames: [legalName, legalName.toUpperCase()] },
      }),
      200,
      organizationSchema,
    );
    expect(saved.legalNames).toEqual([legalName]);

    const property = await body(
      await ada('/api/properties', {
        method: 'POST',
        json: {
          name: `Maple ${run}`,
          address: '1200 Maple Ct, Springfield, IL 62701',
          propertyType: 'APARTMENT',
        },
      }),
      201,
      propertySchema,
    );
    const vendor = await body(
      await ada('/api/vendors', {
        method: 'POST',
        json: { name: `Northwind Plumbing Services ${run}`, email: `billing-${run}@northwind-plumbing.com` },
      }),
      201,
      vendorSchema,
    );
    // The letterhead prints the buyer's legal name where the seller's would be; the vendor's e-mail is on it.
    const pdf = await invoicePdf(
      plumbingInvoice({
        vendorName: legalName,
        vendorEmail: `billing-${run}@northwind-plumbing.com`,
        invoiceNumber: `OW-${run}`,
      }),
    );
    const created = await body(
      await ada('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, `OW-${run}.pdf`) }),
      201,
      invoiceSchema,
    );
    await stack.workflow?.idle();
    const invoice = await get(created.id);
    expect(invoice.vendorName).not.toBe(legalName);
    expect(invoice.vendorId).toBe(vendor.id);
    expect(invoice.vendorName).toBe(vendor.name);
    expect(invoice.matchNotes).toContain(`Linked to ${vendor.name} by its e-mail address.`);
    expect(invoice.propertyId).toBe(property.id);
    expect(invoice.matchNotes).toContain(
      `Property ${property.name}: its address ${property.address} is on the invoice.`,
    );
  }, 180_000);
});

describe("a utility bill's account fields", () => {
  it('are returned by the invoice API and corrected through PUT, with dates and amounts validated', async () => {
    const pdf = await invoicePdf(plumbingInvoice({ invoiceNumber: `UB-${run}` }));
    const created = await body(
      await ada('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, `UB-${run}.pdf`) }),
      201,
      invoiceSchema,
    );
    await stack.workflow?.idle();
    const read: Invoice = await get(created.id);
    expect(read).toMatchObject({ accountNumber: null, servicePeriodStart: null, servicePeriodEnd: null });

    const fields = {
      amountDue: 135.5,
      accountNumber: '4410 2297 31',
      serviceAddress: '77 Willow Bend Rd, Springfield, IL 62704',
      servicePeriodStart: '2026-09-01',
      servicePeriodEnd: '2026-09-30',
    };
    const bad = await ada(`/api/invoices/${read.id}`, {
      method: 'PUT',
      json: { version: read.version, ...fields, servicePeriodEnd: '30/09/2026' },
    });
    expect(bad.status).toBe(400);
    const edited = await body(
      await ada(`/api/invoices/${read.id}`, { method: 'PUT', json: { version: read.version, ...fields } }),
      200,
      invoiceSchema,
    );
    expect(edited).toMatchObject(fields);
    expect(await get(read.id)).toMatchObject({ ...fields, totalAmount: read.totalAmount });
  }, 180_000);
});
