import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { sumAmounts, twoDecimalAmount } from './money';
import { multipartParts } from './multipart';
import { type RecordedRequest, readRequest } from './recorded-request';

/**
 * A local Propertyware (REST API v1, under /pw/api/rest/v1) with the subset the sync uses: vendor search
 * and create, bill search (by vendorID and bill date, as documented) and bill and vendor credit create
 * (`POST /bills`, `POST /bills/credit`), and a bill's documents (list, and upload: `POST
 * /docs?entityType=BILL&entityId=…`, multipart/form-data with one `file` part). Every request is checked against the documented
 * shapes: the x-propertyware-client-id / -client-secret / -system-id headers, `Accept: application/json`,
 * JSON bodies with the SaveBill / SaveBillSplit required fields and int64 ids. Anything else is answered
 * as Propertyware does (401 for credentials, 400 with a message otherwise).
 */

/** A request the fake received. */
export type FakePropertywareRequest = RecordedRequest;

export interface FakePropertyware {
  /** The API base (an integration's apiUrl). */
  url: string;
  /** The credentials it accepts: username = client id, password = client secret, and the system id. */
  credentials: { clientId: string; clientSecret: string; systemId: string };
  requests: FakePropertywareRequest[];
  /** Bills and vendor credits (`credit: true`), as GET /bills answers them. */
  bills: (SaveCreditBody & { id: number; amount: number; credit: boolean; dueDate?: string })[];
  /** Bills and credits deleted (`DELETE /bills/{billID}`), no longer in `bills`. */
  deleted: FakePropertyware['bills'];
  vendors: { id: number; name: string }[];
  /** Uploaded documents, with the bytes of their file. */
  documents: FakePropertywareDocument[];
  /** Handles the next call to a path ending so (e.g. `/bills`) fully, then drops the connection unanswered. */
  loseNextAnswer(pathSuffix: string): void;
  /** Answers the next `count` calls 429 (rate limited) without handling them. */
  throttleNext(count: number): void;
  stop(): Promise<void>;
}

/** A document as Propertyware answers it (Document), and the file it holds. */
export interface FakePropertywareDocument {
  id: number;
  entityType: string;
  entityId: number;
  fileName: string;
  fileType: string;
  publishToOwnerPortal: boolean;
  publishToTenantPortal: boolean;
  content: Buffer;
}

const BASE = '/pw/api/rest/v1';
/** The entity types a document may be attached to (Document.entityType). */
const DOCUMENT_ENTITY_TYPES = [
  'APPOINTMENT',
  'ASSET',
  'BILL',
  'BANK_DEPOSIT',
  'BILL_PAYMENT',
  'BUILDING',
  'CONTACT',
  'DESKTOP',
  'INSPECTION',
  'LEASE',
  'OTHER',
  'PORTFOLIO',
  'PROSPECT',
  'UNIT',
  'VENDOR',
  'WORK_ORDER',
] as const;
/** The query of a document list or upload: entityType required, entityId an int64 (required for a BILL). */
const documentQuery = z
  .object({
    entityType: z.enum(DOCUMENT_ENTITY_TYPES),
    entityId: z.coerce.number().int().positive(),
    publishToOwnerPortal: z.enum(['true', 'false']).optional(),
    publishToTenantPortal: z.enum(['true', 'false']).optional(),
  })
  .strict();
const int64 = z.number().int().positive();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = twoDecimalAmount;
/** SaveBillSplit: amount, glAccountID and portfolioID required. */
const saveBillSplit = z
  .object({
    amount: money,
    glAccountID: int64,
    portfolioID: int64,
    buildingID: int64.optional(),
    unitID: int64.optional(),
    comments: z.string().max(500).optional(),
  })
  .strict();
/** SaveBill: billDate, billSplits, dueDate and vendorID required. */
const saveBill = z
  .object({
    vendorID: int64,
    billDate: date,
    dueDate: date,
    billSplits: z.array(saveBillSplit).min(1),
    refNo: z.string().max(50).optional(),
    comments: z.string().max(500).optional(),
    terms: z.string().optional(),
    workOrderID: int64.optional(),
  })
  .strict();
/** SaveCredit (POST /bills/credit): billDate, billSplits and vendorID required; a credit has no due date. */
const saveCredit = saveBill.omit({ dueDate: true, terms: true });
type SaveCreditBody = z.infer<typeof saveCredit>;
/** GET /bills: the documented filters the sync uses (and paging); anything else is not a filter of it. */
const billQuery = z
  .object({
    vendorID: z.coerce.number().int().positive().optional(),
    billDateStart: date.optional(),
    billDateEnd: date.optional(),
    offset: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .strict();
const saveVendor = z.object({ name: z.string().min(1).max(100) }).passthrough();

/** `limit`: 1 to 500, 100 when absent (as documented for every list). */
const pageLimit = (limit: string | undefined) => Math.min(500, Math.max(1, Number(limit ?? 100) || 100));

/** The GL accounts and portfolios every fake system starts with. */
const startingChart = () => ({
  glAccounts: [
    { id: 5000, accountNumber: '5000', description: 'Repairs', accountType: 'Expense' },
    { id: 5100, accountNumber: '5100', description: 'Equipment', accountType: 'Expense' },
    { id: 5900, accountNumber: '5900', description: 'Sales tax', accountType: 'Expense' },
  ],
  portfolios: [
    { id: 10, name: 'Main portfolio', abbreviation: 'MAIN' },
    { id: 21, name: 'Maple Court', abbreviation: 'MAPLE' },
    { id: 22, name: 'Oak Terrace', abbreviation: 'OAK' },
  ],
});

const error = (status: number, message: string) => ({
  status,
  body: { errorCode: status, userMessage: message },
});

export async function startFakePropertyware(
  options: { port?: number; credentials?: Partial<FakePropertyware['credentials']> } = {},
): Promise<FakePropertyware> {
  const credentials = {
    clientId: options.credentials?.clientId ?? `pw-client-${randomBytes(4).toString('hex')}`,
    clientSecret: options.credentials?.clientSecret ?? `pw-secret-${randomBytes(8).toString('hex')}`,
    systemId: options.credentials?.systemId ?? '100042',
  };
  const requests: FakePropertywareRequest[] = [];
  const bills: FakePropertyware['bills'] = [];
  const deleted: FakePropertyware['bills'] = [];
  const vendors: FakePropertyware['vendors'] = [];
  const documents: FakePropertywareDocument[] = [];
  const toLose = new Set<string>();
  let throttled = 0;
  let nextId = 6000;
  const chart = startingChart();

  /** POST /docs: the query names an existing entity, the body is multipart with exactly one `file` part. */
  async function uploadDocument(req: FakePropertywareRequest): Promise<{ status: number; body: unknown }> {
    const query = documentQuery.safeParse(req.query);
    if (!query.success) return error(400, query.error.message);
    const { entityType, entityId } = query.data;
    if (entityType === 'BILL' && !bills.some((b) => b.id === entityId)) return error(404, 'Bill not found');
    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data; ?boundary=.+/.test(contentType))
      return error(415, 'Content-Type must be multipart/form-data');
    const parts = await multipartParts(contentType, req.raw);
    if ('error' in parts) return error(400, `Unreadable multipart body: ${parts.error}`);
    const files = parts.filter((p) => p.name === 'file');
    if (files.length !== 1 || parts.length !== 1)
      return error(400, 'Exactly one part named file is required');
    const [file] = files;
    if (!file.filename || file.data.length === 0) return error(400, 'file must be a named, non-empty file');
    const document: FakePropertywareDocument = {
      id: nextId++,
      entityType,
      entityId,
      fileName: file.filename,
      fileType: file.mimeType,
      publishToOwnerPortal: query.data.publishToOwnerPortal === 'true',
      publishToTenantPortal: query.data.publishToTenantPortal === 'true',
      content: file.data,
    };
    documents.push(document);
    const { content: _content, ...answer } = document;
    return { status: 201, body: answer };
  }

  async function route(req: FakePropertywareRequest): Promise<{ status: number; body: unknown }> {
    if (throttled > 0) {
      throttled -= 1;
      return error(429, 'Too many requests');
    }
    const h = req.headers;
    if (
      h['x-propertyware-client-id'] !== credentials.clientId ||
      h['x-propertyware-client-secret'] !== credentials.clientSecret ||
      h['x-propertyware-system-id'] !== credentials.systemId
    )
      return error(401, 'Invalid client credentials or system id');
    if (h.accept !== 'application/json') return error(400, 'Accept must be application/json');
    const resource = req.path.startsWith(`${BASE}/`) ? req.path.slice(BASE.length) : '';
    if (resource === '/docs' && req.method === 'POST') return uploadDocument(req);
    if (resource === '/docs' && req.method === 'GET') {
      const query = documentQuery.partial({ entityId: true }).safeParse(req.query);
      if (!query.success) return error(400, query.error.message);
      return {
        status: 200,
        body: documents
          .filter((d) => d.entityType === query.data.entityType)
          .filter((d) => query.data.entityId === undefined || d.entityId === query.data.entityId)
          .map(({ content: _content, ...d }) => d),
      };
    }
    if (req.method === 'POST' && h['content-type'] !== 'application/json')
      return error(415, 'Content-Type must be application/json');
    if (resource === '/vendors' && req.method === 'GET')
      return {
        status: 200,
        body: vendors
          .filter((v) => !req.query.name || v.name === req.query.name)
          .slice(0, pageLimit(req.query.limit)),
      };
    if (resource === '/accounting/glaccounts' && req.method === 'GET')
      return { status: 200, body: chart.glAccounts.slice(0, pageLimit(req.query.limit)) };
    if (resource === '/portfolios' && req.method === 'GET')
      return { status: 200, body: chart.portfolios.slice(0, pageLimit(req.query.limit)) };
    if (resource === '/vendors' && req.method === 'POST') {
      const parsed = saveVendor.safeParse(req.body);
      if (!parsed.success) return error(400, parsed.error.message);
      const vendor = { id: nextId++, name: parsed.data.name };
      vendors.push(vendor);
      return { status: 201, body: vendor };
    }
    if (resource === '/bills' && req.method === 'GET') {
      const query = billQuery.safeParse(req.query);
      if (!query.success) return error(400, query.error.message);
      const { vendorID, billDateStart, billDateEnd } = query.data;
      return {
        status: 200,
        body: bills.filter(
          (b) =>
            (vendorID === undefined || b.vendorID === vendorID) &&
            (!billDateStart || b.billDate >= billDateStart) &&
            (!billDateEnd || b.billDate <= billDateEnd),
        ),
      };
    }
    const billPath = /^\/bills\/(\d{1,18})$/.exec(resource);
    if (billPath && req.method === 'DELETE') {
      // DELETE /bills/{billID}: 204, or 404 with an empty body, as documented.
      const index = bills.findIndex((b) => b.id === Number(billPath[1]));
      if (index < 0) return { status: 404, body: '' };
      deleted.push(...bills.splice(index, 1));
      return { status: 204, body: '' };
    }
    if ((resource === '/bills' || resource === '/bills/credit') && req.method === 'POST') {
      const credit = resource === '/bills/credit';
      const parsed = (credit ? saveCredit : saveBill).safeParse(req.body);
      if (!parsed.success) return error(400, parsed.error.message);
      if (!vendors.some((v) => v.id === parsed.data.vendorID)) return error(400, 'Vendor not found');
      const amount = sumAmounts(parsed.data.billSplits.map((s) => s.amount));
      const bill = { ...parsed.data, id: nextId++, amount, credit };
      bills.push(bill);
      return { status: 201, body: bill };
    }
    return error(404, `No resource ${req.method} ${req.path}`);
  }

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const request = await readRequest(req);
    requests.push(request);
    const answer = await route(request);
    const lose = [...toLose].find((suffix) => request.method === 'POST' && request.path.endsWith(suffix));
    if (lose) {
      toLose.delete(lose);
      req.socket.destroy();
      return;
    }
    if (answer.body === '') {
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}`,
    credentials,
    requests,
    bills,
    deleted,
    vendors,
    documents,
    loseNextAnswer: (suffix) => {
      toLose.add(suffix);
    },
    throttleNext: (count) => {
      throttled += count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
