import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseAnswer, type FieldSpec } from '../../functions/core/extraction/analysis.fixture';
import type { AnalyzeExpenseResponse, ExpenseAnalyzer } from '../../functions/core/extraction/expense-types';
import { type ExtractionContext, processAnalysis } from '../../functions/core/extraction/pipeline';
import {
  type Category,
  categorySchema,
  type Invoice,
  invoiceSchema,
  PROPERTY_TYPES,
  type Property,
  propertySchema,
  type Vendor,
  vendorSchema,
} from '../../shared/schemas';
import type { Api } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { startWorkflowStack, type WorkflowStack } from '../helpers/workflow-stack';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * `npm run extract` and the workflow are one path: the same analyser answer, run through core's
 * `processAnalysis` and through the workflow's states (the local runner, from the deployed ASL), ends
 * in the same vendor, property, category, confidence, reasons and status.
 */

/** Answers whatever it is given next, so both paths read the very same answer. */
class CannedAnalyzer implements ExpenseAnalyzer {
  next: AnalyzeExpenseResponse | null = null;
  async analyze(): ReturnType<ExpenseAnalyzer['analyze']> {
    if (!this.next) throw new Error('No answer prepared');
    // Core's answer type is the SDK's shape with plain strings where the SDK has enums.
    return this.next as Awaited<ReturnType<ExpenseAnalyzer['analyze']>>;
  }
}

let w: WorkflowStack;
let api: Api;
const analyzer = new CannedAnalyzer();

beforeAll(async () => {
  w = await startWorkflowStack({ analyzer });
  api = w.api;
  // About reading and deciding: a new vendor's first invoice may pass (the review of firsts is in vendor-history.test.ts).
  await trustNewVendors(api);
  const post = async (path: string, json: unknown) => {
    const response = await api(path, { method: 'POST', json });
    expect(response.status, await response.clone().text()).toBe(201);
  };
  await post('/api/vendors', { name: 'AquaFlow Services', email: 'billing@aquaflow.test' });
  await post('/api/vendors', { name: 'Retired Roofing', status: 'INACTIVE' });
  await post('/api/properties', {
    name: 'Maple Court',
    address: '12 Maple St, Springfield',
    propertyType: PROPERTY_TYPES[0],
  });
});
afterAll(async () => {
  await w?.stop();
});

async function listed<T>(path: string, parse: (x: unknown) => T): Promise<T[]> {
  const response = await api(`${path}?limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()).items as unknown[]).map(parse);
}

/** The organization's data as the API shows it, as core's context. */
async function orgContext(): Promise<ExtractionContext> {
  const [categories, vendors, properties, invoices] = await Promise.all([
    listed('/api/categories', (x): Category => categorySchema.parse(x)),
    listed('/api/vendors', (x): Vendor => vendorSchema.parse(x)),
    listed('/api/properties', (x): Property => propertySchema.parse(x)),
    listed('/api/invoices', (x): Invoice => invoiceSchema.parse(x)),
  ]);
  return {
    categories: categories.map((c) => ({ ...c, description: c.description ?? '' })),
    vendors,
    properties,
    defaultCurrency: 'USD',
    duplicatesFinder: async () => invoices,
    // Nothing is approved in these tests, so no vendor has a history, and the organization trusts new vendors.
    vendorHistory: async () => [],
    reviewNewVendors: false,
    // Core is handed the vendor of that name the workflow made (or found) from the same invoice.
    suggestVendor: async (invoice) => {
      const now = await listed('/api/vendors', (x): Vendor => vendorSchema.parse(x));
      const made = now.find((v) => v.name === invoice.vendorName);
      if (!made) throw new Error(`The workflow made no vendor ${invoice.vendorName}`);
      return made;
    },
  };
}

/** The answer through the workflow: uploaded, run by the local runner, read back from the API. */
async function throughWorkflow(answer: AnalyzeExpenseResponse, n: number): Promise<Invoice> {
  analyzer.next = answer;
  return w.decided(await invoicePdf(plumbingInvoice({ invoiceNumber: `OP-${n}` })), `op-${n}.pdf`);
}

/** What both paths decide, in the invoice's terms. */
const outcomeOfInvoice = (i: Invoice) => ({
  vendorId: i.vendorId,
  vendorMatch: i.vendorMatch,
  propertyId: i.propertyId,
  categoryId: i.categoryId,
  categoryConfidence: i.fieldConfidence.category,
  currency: i.currency,
  aiConfidence: i.aiConfidence,
  reviewReasons: i.reviewReasons,
  readFailure: i.readFailure,
  duplicateOf: i.duplicateOf,
  status: i.status,
});
const outcomeOfCore = (r: Awaited<ReturnType<typeof processAnalysis>>) => ({
  vendorId: r.vendorMatch?.vendorId ?? null,
  vendorMatch: r.vendorMatch,
  propertyId: r.propertyMatch?.propertyId ?? null,
  categoryId: r.category?.id ?? null,
  categoryConfidence: r.classification.confidence,
  currency: r.currency,
  aiConfidence: r.aiConfidence,
  reviewReasons: r.reviewReasons,
  readFailure: r.readFailure,
  duplicateOf: r.duplicateOf,
  status: r.status,
});

const fields = (vendor: string, number: string, totalConfidence = 99, date = '03/04/2026'): FieldSpec[] => [
  ['VENDOR_NAME', vendor],
  ['VENDOR_EMAIL', 'billing@aquaflow.test'],
  ['INVOICE_RECEIPT_ID', number],
  ['INVOICE_RECEIPT_DATE', date],
  ['SUBTOTAL', '$400.00'],
  ['TAX', '$32.00'],
  ['TOTAL', '$432.00', totalConfidence],
  ['RECEIVER_ADDRESS', 'Maple Court, 12 Maple Street, Springfield'],
];
const heater = [{ item: 'Replace water heater valve and fittings', price: '$400.00' }];

describe('one extraction path: processAnalysis and the workflow states agree', () => {
  const cases: Array<[string, AnalyzeExpenseResponse, Partial<ReturnType<typeof outcomeOfCore>>]> = [
    [
      'vendor linked by e-mail under another name, property from the bill-to address, a low-confidence total',
      expenseAnswer(fields('Aqua Flow Plumbing LLC', 'AF-1', 55), heater),
      { status: 'REVIEW_REQUIRED', reviewReasons: ['Low confidence in the total amount (55%).'] },
    ],
    [
      'the same vendor, total and date as an earlier invoice: a possible duplicate',
      expenseAnswer(fields('Aqua Flow Plumbing LLC', 'AF-2'), heater),
      {
        status: 'REVIEW_REQUIRED',
        reviewReasons: ['Possible duplicate of invoice AF-1: same vendor, total and date.'],
      },
    ],
    [
      'everything read surely: PROCESSED',
      expenseAnswer(fields('Aqua Flow Plumbing LLC', 'AF-3', 99, '04/04/2026'), heater),
      { status: 'PROCESSED', reviewReasons: [] },
    ],
    [
      'an unknown vendor made as a suggestion, a line the model is unsure of: no category',
      expenseAnswer(
        [['VENDOR_NAME', 'Northside Co'], ...fields('', 'NS-4').slice(2)],
        [{ item: 'Service call', price: '$400.00' }],
      ),
      { categoryId: null },
    ],
    [
      'nothing of an invoice read: could not read',
      expenseAnswer([['VENDOR_NAME', 'Retired Roofing']]),
      { status: 'REVIEW_REQUIRED', vendorId: null },
    ],
  ];

  for (const [i, [title, answer, expected]] of cases.entries()) {
    it(title, async () => {
      // The organization as the workflow found it, before the run made anything.
      const before = await orgContext();
      const viaWorkflow = outcomeOfInvoice(await throughWorkflow(answer, i));
      const viaCore = outcomeOfCore(await processAnalysis(answer, before));

      expect(viaWorkflow).toEqual(viaCore);
      expect(viaCore).toMatchObject(expected);
    });
  }
});
