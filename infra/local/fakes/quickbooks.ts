import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { sumAmounts, twoDecimalAmount } from './money';
import { multipartParts } from './multipart';
import { type RecordedRequest, readRequest } from './recorded-request';

/**
 * A local QuickBooks Online (Accounting API v3) with the subset the sync uses: the company's preferences
 * (its home currency, multicurrency), vendor query and create, bill and vendor credit create, and
 * requestid replay. Every request is checked against the documented shapes (Bearer
 * auth, `Accept: application/json`, `minorversion`, required fields and types); anything else is
 * answered 400 with a ValidationFault, as QuickBooks does, so a client that drifts fails its tests.
 */

/** A request the fake received. */
export type FakeQuickBooksRequest = RecordedRequest;

export interface FakeQuickBooks {
  url: string;
  /** An access token the fake accepts (every realm). */
  accessToken: string;
  requests: FakeQuickBooksRequest[];
  bills: (Record<string, unknown> & { Id: string; realmId: string; TotalAmt: number })[];
  /** Bills and vendor credits deleted (`operation=delete`), no longer in `bills` / `vendorCredits`. */
  deleted: (Record<string, unknown> & { Id: string; realmId: string; TotalAmt: number })[];
  /** Marks a bill paid in QuickBooks: it can no longer be deleted. */
  markPaid(billId: string): void;
  /** Vendor credits (credit notes), the same shape as bills less the due date. */
  vendorCredits: (Record<string, unknown> & { Id: string; realmId: string; TotalAmt: number })[];
  vendors: { Id: string; DisplayName: string; realmId: string; CurrencyRef?: { value: string } }[];
  /** The company's currency settings (Preferences.CurrencyPrefs), changeable by a test. */
  currency: { home: string; multiCurrency: boolean };
  /** Files uploaded (`POST /upload`), each linked to a bill. */
  attachments: {
    Id: string;
    realmId: string;
    billId: string;
    FileName: string;
    ContentType: string;
    bytes: Buffer;
  }[];
  /** The OAuth app the token endpoint accepts (Basic client auth). */
  client: { id: string; secret: string };
  /** The company (realm) the consent page connects. */
  realmId: string;
  /**
   * Issues an authorization code, as the consent screen would (then exchanged at the token endpoint); with a
   * redirect URI, the exchange must name the same one.
   */
  authorize(redirectUri?: string): string;
  /** The refresh tokens that can still be used (each is single-use: a refresh rotates it). */
  validRefreshTokens(): string[];
  /** Revokes a token: calls with it answer 401. */
  revoke(token: string): void;
  /** Handles the next call to `path` (suffix, e.g. `/bill`) fully, then drops the connection unanswered. */
  loseNextAnswer(pathSuffix: string): void;
  stop(): Promise<void>;
}

const MINOR_VERSION = '75';
const ref = z.object({ value: z.string().min(1), name: z.string().optional() }).strict();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = twoDecimalAmount;
const billBody = z
  .object({
    VendorRef: ref,
    Line: z
      .array(
        z
          .object({
            Amount: amount,
            Description: z.string().max(4000).optional(),
            DetailType: z.literal('AccountBasedExpenseLineDetail'),
            AccountBasedExpenseLineDetail: z
              .object({ AccountRef: ref, ClassRef: ref.optional(), CustomerRef: ref.optional() })
              .strict(),
          })
          .strict(),
      )
      .min(1),
    TxnDate: date.optional(),
    DueDate: date.optional(),
    DocNumber: z.string().max(21).optional(),
    PrivateNote: z.string().max(4000).optional(),
    DepartmentRef: ref.optional(),
    CurrencyRef: ref.optional(),
  })
  .strict();
/** A VendorCredit carries no due date. */
const vendorCreditBody = billBody.omit({ DueDate: true });
const vendorBody = z
  .object({ DisplayName: z.string().min(1).max(500), CurrencyRef: ref.optional() })
  .passthrough();
/** The `file_metadata_01` part of an upload: an Attachable linked to an entity. */
const attachableMetadata = z
  .object({
    AttachableRef: z
      .array(
        z.object({
          EntityRef: z
            .object({
              type: z.enum(['Bill', 'VendorCredit', 'Invoice', 'Purchase', 'Vendor']),
              value: z.string().min(1),
            })
            .strict(),
          IncludeOnSend: z.boolean().optional(),
        }),
      )
      .min(1),
    FileName: z.string().min(1).max(1000),
    ContentType: z.string().min(1),
    Note: z.string().optional(),
  })
  .strict();
/** The file types QuickBooks takes as attachments (the invoice formats among them). */
const ATTACHABLE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'];

const vendorQuery = /^SELECT \* FROM Vendor WHERE DisplayName = '((?:[^'\\]|\\.)*)'$/;
/** A list of active records, as the mapping screen reads them (MAXRESULTS at most 1000, as Intuit allows). */
const listQuery = /^SELECT \* FROM (Account|Class|Vendor) WHERE Active = true MAXRESULTS (\d{1,3}|1000)$/;

/** A small chart of accounts and classes every fake company starts with (what a new QuickBooks company has). */
const startingChart = () => ({
  accounts: [
    {
      Id: '7',
      Name: 'Repairs and Maintenance',
      AccountType: 'Expense',
      Classification: 'Expense',
      Active: true,
    },
    { Id: '41', Name: 'Equipment Rental', AccountType: 'Expense', Classification: 'Expense', Active: true },
    { Id: '55', Name: 'Utilities', AccountType: 'Expense', Classification: 'Expense', Active: true },
    { Id: '60', Name: 'Landscaping', AccountType: 'Expense', Classification: 'Expense', Active: true },
    {
      Id: '88',
      Name: 'Sales Tax Paid',
      AccountType: 'Other Expense',
      Classification: 'Expense',
      Active: true,
    },
  ],
  classes: [
    { Id: '5000000000000101', Name: 'Maple Court', FullyQualifiedName: 'Maple Court', Active: true },
    { Id: '5000000000000102', Name: 'Oak Terrace', FullyQualifiedName: 'Oak Terrace', Active: true },
  ],
});

/** An answer: JSON (an object), a text page (a string), or a redirect. */
interface Answer {
  status: number;
  body: unknown;
  location?: string;
}

const fault = (type: string, code: string, message: string, detail = message) => ({
  Fault: { Error: [{ Message: message, Detail: detail, code }], type },
  time: new Date().toISOString(),
});

/** Intuit's authorization request (GET /connect/oauth2), RFC 6749 §4.1.1. */
const authorizeQuery = z.object({
  client_id: z.string().min(1),
  response_type: z.literal('code'),
  scope: z
    .string()
    .refine((s) => s.split(' ').includes('com.intuit.quickbooks.accounting'), 'scope must name accounting'),
  redirect_uri: z.url({ protocol: /^https?$/ }),
  state: z.string().min(16),
});

export async function startFakeQuickBooks(
  options: {
    port?: number;
    accessToken?: string;
    realmId?: string;
    currency?: FakeQuickBooks['currency'];
  } = {},
): Promise<FakeQuickBooks> {
  const currency = options.currency ?? { home: 'USD', multiCurrency: false };
  const chart = startingChart();
  const realmId = options.realmId ?? '9341453050298';
  const accessToken = options.accessToken ?? `qbo-local-${randomBytes(8).toString('hex')}`;
  const tokens = new Set([accessToken]);
  const requests: FakeQuickBooksRequest[] = [];
  const bills: FakeQuickBooks['bills'] = [];
  const vendorCredits: FakeQuickBooks['vendorCredits'] = [];
  const deleted: FakeQuickBooks['deleted'] = [];
  const paid = new Set<string>();
  const vendors: FakeQuickBooks['vendors'] = [];
  const attachments: FakeQuickBooks['attachments'] = [];
  /** `realm|requestid` → the first successful answer, replayed for a repeated requestid. */
  const answered = new Map<string, { status: number; body: unknown }>();
  const toLose = new Set<string>();
  const client = { id: 'local-qbo-client', secret: `secret-${randomBytes(8).toString('hex')}` };
  /** Authorization code → the redirect URI it was issued for ('' when issued by the test helper). */
  const codes = new Map<string, string>();
  const issueCode = (redirectUri = '') => {
    const code = `code-${randomBytes(8).toString('hex')}`;
    codes.set(code, redirectUri);
    return code;
  };

  /**
   * The consent page, consenting at once: checks the authorization request, then sends the browser back to
   * redirect_uri with code, state and realmId, as Intuit does. A bad request gets an error page, never a
   * redirect (the redirect URI is not trusted until the request is valid).
   */
  function consent(req: FakeQuickBooksRequest): Answer {
    const parsed = authorizeQuery.safeParse(req.query);
    if (req.method !== 'GET' || !parsed.success || parsed.data.client_id !== client.id)
      return {
        status: 400,
        body: `Invalid authorization request: ${parsed.success ? 'unknown client_id' : parsed.error.message}`,
      };
    const back = new URL(parsed.data.redirect_uri);
    back.searchParams.set('code', issueCode(parsed.data.redirect_uri));
    back.searchParams.set('state', parsed.data.state);
    back.searchParams.set('realmId', realmId);
    return { status: 302, body: '', location: back.toString() };
  }
  const refreshTokens = new Set<string>();

  /** POST /oauth2/v1/tokens/bearer (authorization_code and refresh_token grants), as Intuit's token endpoint. */
  function token(req: FakeQuickBooksRequest): Answer {
    const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
    if (req.method !== 'POST' || req.headers.authorization !== basic)
      return { status: 401, body: { error: 'invalid_client' } };
    if (req.headers['content-type'] !== 'application/x-www-form-urlencoded' || typeof req.body !== 'string')
      return { status: 400, body: { error: 'invalid_request' } };
    const form = new URLSearchParams(req.body);
    const grant = form.get('grant_type');
    const code = form.get('code') ?? '';
    const issuedFor = codes.get(code);
    const used =
      grant === 'authorization_code'
        ? issuedFor !== undefined &&
          !!form.get('redirect_uri') &&
          (issuedFor === '' || issuedFor === form.get('redirect_uri')) &&
          codes.delete(code)
        : grant === 'refresh_token'
          ? refreshTokens.delete(form.get('refresh_token') ?? '')
          : false;
    if (!used) return { status: 400, body: { error: 'invalid_grant' } };
    const access = `qbo-access-${randomBytes(12).toString('hex')}`;
    const refresh = `qbo-refresh-${randomBytes(12).toString('hex')}`;
    tokens.add(access);
    refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        access_token: access,
        expires_in: 3600,
        refresh_token: refresh,
        x_refresh_token_expires_in: 8_726_400,
      },
    };
  }
  let nextId = 100;

  async function route(req: FakeQuickBooksRequest): Promise<Answer> {
    if (req.path === '/connect/oauth2') return consent(req);
    if (req.path === '/oauth2/v1/tokens/bearer') return token(req);
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!auth || !tokens.has(auth[1]))
      return { status: 401, body: fault('AUTHENTICATION', '3200', 'message=AuthenticationFailed') };
    if (req.headers.accept !== 'application/json')
      return { status: 400, body: fault('ValidationFault', '2000', 'Accept must be application/json') };
    if (req.query.minorversion !== MINOR_VERSION)
      return { status: 400, body: fault('ValidationFault', '2000', `minorversion must be ${MINOR_VERSION}`) };
    const read = /^\/v3\/company\/([^/]+)\/(bill|vendorcredit)\/(\d+)$/.exec(req.path);
    if (read) {
      if (req.method !== 'GET') return { status: 405, body: fault('ValidationFault', '2000', 'GET only') };
      return readDocument(read[1], read[2] === 'bill' ? 'Bill' : 'VendorCredit', read[3]);
    }
    const match = /^\/v3\/company\/([^/]+)\/(query|preferences|bill|vendorcredit|vendor|upload)$/.exec(
      req.path,
    );
    if (!match) return { status: 404, body: fault('ValidationFault', '2000', `Unknown path ${req.path}`) };
    const [, realmId, entity] = match;
    if (entity === 'preferences') {
      if (req.method !== 'GET') return { status: 405, body: fault('ValidationFault', '2000', 'GET only') };
      return {
        status: 200,
        body: {
          Preferences: {
            CurrencyPrefs: {
              MultiCurrencyEnabled: currency.multiCurrency,
              HomeCurrency: { value: currency.home },
            },
          },
          time: new Date().toISOString(),
        },
      };
    }
    if (entity === 'query') {
      if (req.method !== 'GET') return { status: 405, body: fault('ValidationFault', '2000', 'GET only') };
      const answer = (entityName: string, found: object[]) => ({
        status: 200,
        body: {
          QueryResponse: found.length
            ? { [entityName]: found, startPosition: 1, maxResults: found.length }
            : {},
          time: new Date().toISOString(),
        },
      });
      const q = vendorQuery.exec(req.query.query ?? '');
      if (q) {
        const name = q[1].replace(/\\(.)/g, '$1');
        const found = vendors.filter((v) => v.realmId === realmId && v.DisplayName === name);
        return answer(
          'Vendor',
          found.map(({ realmId: _, ...v }) => v),
        );
      }
      const list = listQuery.exec(req.query.query ?? '');
      if (!list) return { status: 400, body: fault('QueryParserError', '4000', 'Unsupported query') };
      const records =
        list[1] === 'Account'
          ? chart.accounts
          : list[1] === 'Class'
            ? chart.classes
            : vendors.filter((v) => v.realmId === realmId).map(({ realmId: _, ...v }) => v);
      return answer(list[1], records.slice(0, Number(list[2])));
    }
    if (req.method !== 'POST') return { status: 405, body: fault('ValidationFault', '2000', 'POST only') };
    const wanted = entity === 'upload' ? /^multipart\/form-data; ?boundary=.+/ : /^application\/json$/;
    if (!wanted.test(req.headers['content-type'] ?? ''))
      return { status: 400, body: fault('ValidationFault', '2000', `Content-Type must be ${wanted.source}`) };
    const key = req.query.requestid ? `${realmId}|${req.query.requestid}` : undefined;
    const replay = key ? answered.get(key) : undefined;
    if (replay) return replay;
    const type = entity === 'vendorcredit' ? 'VendorCredit' : 'Bill';
    if ((entity === 'bill' || entity === 'vendorcredit') && req.query.operation !== undefined)
      return req.query.operation === 'delete'
        ? deleteDocument(realmId, type, req.body)
        : { status: 400, body: fault('ValidationFault', '2000', 'operation must be delete') };
    const answer =
      entity === 'bill' || entity === 'vendorcredit'
        ? createBill(realmId, req.body, type)
        : entity === 'vendor'
          ? createVendor(realmId, req.body)
          : await upload(realmId, req);
    // Intuit replays the answer of a request that succeeded; a refused one may be sent again, corrected.
    if (key && answer.status < 300) answered.set(key, answer);
    return answer;
  }

  function createVendor(realmId: string, body: unknown) {
    const parsed = vendorBody.safeParse(body);
    if (!parsed.success)
      return {
        status: 400,
        body: fault('ValidationFault', '2020', 'Required param missing', parsed.error.message),
      };
    if (vendors.some((v) => v.realmId === realmId && v.DisplayName === parsed.data.DisplayName))
      return { status: 400, body: fault('ValidationFault', '6240', 'Duplicate Name Exists Error') };
    const vendorCurrency = parsed.data.CurrencyRef?.value;
    if (vendorCurrency && vendorCurrency !== currency.home && !currency.multiCurrency)
      return { status: 400, body: fault('ValidationFault', '6000', 'Multicurrency is not enabled') };
    const vendor = {
      Id: String(nextId++),
      DisplayName: parsed.data.DisplayName,
      realmId,
      CurrencyRef: { value: vendorCurrency ?? currency.home },
    };
    vendors.push(vendor);
    const { realmId: _, ...answer } = vendor;
    return { status: 200, body: { Vendor: answer, time: '' } };
  }

  /**
   * POST /upload: exactly a `file_metadata_01` JSON part (an Attachable linked to an existing bill) and a
   * `file_content_01` file part whose name and type match the metadata, as Intuit documents.
   */
  async function upload(realmId: string, req: FakeQuickBooksRequest): Promise<Answer> {
    const invalid = (detail: string) => ({
      status: 400,
      body: fault('ValidationFault', '2020', 'Invalid upload', detail),
    });
    const parts = await multipartParts(req.headers['content-type'] ?? '', req.raw);
    if ('error' in parts) return invalid(parts.error);
    if (parts.map((p) => p.name).join() !== 'file_metadata_01,file_content_01')
      return invalid('Parts must be file_metadata_01 then file_content_01');
    const [meta, content] = parts;
    if (meta.mimeType !== 'application/json') return invalid('file_metadata_01 must be application/json');
    let metaJson: unknown;
    try {
      metaJson = JSON.parse(meta.data.toString('utf8'));
    } catch {
      return invalid('file_metadata_01 is not JSON');
    }
    const parsed = attachableMetadata.safeParse(metaJson);
    if (!parsed.success) return invalid(parsed.error.message);
    const { FileName, ContentType, AttachableRef } = parsed.data;
    if (content.filename !== FileName || content.mimeType !== ContentType)
      return invalid('file_content_01 must carry the FileName and ContentType of the metadata');
    if (!ATTACHABLE_TYPES.includes(ContentType) || content.data.length === 0)
      return invalid('Unsupported or empty file');
    const ref = AttachableRef[0].EntityRef;
    const made = ref.type === 'Bill' ? bills : ref.type === 'VendorCredit' ? vendorCredits : [];
    if (!made.some((b) => b.realmId === realmId && b.Id === ref.value))
      return { status: 400, body: fault('ValidationFault', '2500', 'Invalid Reference Id', 'EntityRef') };
    const attachment = {
      Id: String(nextId++),
      realmId,
      billId: ref.value,
      FileName,
      ContentType,
      bytes: content.data,
    };
    attachments.push(attachment);
    return {
      status: 200,
      body: {
        AttachableResponse: [
          {
            Attachable: {
              Id: attachment.Id,
              FileName,
              ContentType,
              Size: content.data.length,
              AttachableRef,
            },
          },
        ],
        time: new Date().toISOString(),
      },
    };
  }

  /**
   * POST /bill and /vendorcredit: the body as documented, an existing vendor, and a currency QuickBooks can
   * take: a foreign CurrencyRef only with multicurrency on, and always the vendor's own currency.
   */
  function createBill(realmId: string, body: unknown, type: 'Bill' | 'VendorCredit') {
    const parsed = (type === 'Bill' ? billBody : vendorCreditBody).safeParse(body);
    if (!parsed.success)
      return { status: 400, body: fault('ValidationFault', '2020', `Invalid ${type}`, parsed.error.message) };
    const vendor = vendors.find((v) => v.realmId === realmId && v.Id === parsed.data.VendorRef.value);
    if (!vendor)
      return { status: 400, body: fault('ValidationFault', '2500', 'Invalid Reference Id', 'VendorRef') };
    const billCurrency = parsed.data.CurrencyRef?.value ?? currency.home;
    if (billCurrency !== currency.home && !currency.multiCurrency)
      return { status: 400, body: fault('ValidationFault', '6000', 'Multicurrency is not enabled') };
    if (billCurrency !== (vendor.CurrencyRef?.value ?? currency.home))
      return {
        status: 400,
        body: fault(
          'ValidationFault',
          '6190',
          'Business Validation Error',
          'Currency does not match the vendor',
        ),
      };
    const TotalAmt = sumAmounts(parsed.data.Line.map((l) => l.Amount));
    const made = { ...parsed.data, Id: String(nextId++), SyncToken: '0', TotalAmt, realmId };
    (type === 'Bill' ? bills : vendorCredits).push(made);
    const { realmId: _, ...answer } = made;
    return { status: 200, body: { [type]: answer, time: new Date().toISOString() } };
  }

  const documentsOf = (type: 'Bill' | 'VendorCredit') => (type === 'Bill' ? bills : vendorCredits);

  /** GET /bill/{id}, /vendorcredit/{id}: the entity with its SyncToken, or Object Not Found (code 610). */
  function readDocument(realmId: string, type: 'Bill' | 'VendorCredit', id: string): Answer {
    const found = documentsOf(type).find((d) => d.realmId === realmId && d.Id === id);
    if (!found) return { status: 400, body: fault('ValidationFault', '610', 'Object Not Found') };
    const { realmId: _, ...answer } = found;
    return { status: 200, body: { [type]: answer, time: new Date().toISOString() } };
  }

  /**
   * POST /bill?operation=delete (and /vendorcredit): `{Id, SyncToken}` of the current version, as Intuit
   * documents; a stale SyncToken is a Stale Object Error (5010), a paid bill cannot be deleted.
   */
  function deleteDocument(realmId: string, type: 'Bill' | 'VendorCredit', body: unknown): Answer {
    const parsed = z
      .object({ Id: z.string().min(1), SyncToken: z.string().min(1) })
      .strict()
      .safeParse(body);
    if (!parsed.success)
      return {
        status: 400,
        body: fault('ValidationFault', '2020', 'Required param missing', parsed.error.message),
      };
    const list = documentsOf(type);
    const index = list.findIndex((d) => d.realmId === realmId && d.Id === parsed.data.Id);
    if (index < 0) return { status: 400, body: fault('ValidationFault', '610', 'Object Not Found') };
    if (list[index].SyncToken !== parsed.data.SyncToken)
      return { status: 400, body: fault('ValidationFault', '5010', 'Stale Object Error') };
    if (paid.has(parsed.data.Id))
      return {
        status: 400,
        body: fault(
          'ValidationFault',
          '6000',
          'A business validation error has occurred',
          'The bill has payments applied',
        ),
      };
    const [removed] = list.splice(index, 1);
    deleted.push(removed);
    return {
      status: 200,
      body: { [type]: { Id: removed.Id, status: 'Deleted', domain: 'QBO' }, time: new Date().toISOString() },
    };
  }

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const request = await readRequest(req);
    requests.push(request);
    const answer = await route(request);
    const lose = [...toLose].find((suffix) => request.path.endsWith(suffix));
    if (lose) {
      toLose.delete(lose);
      req.socket.destroy();
      return;
    }
    if (answer.location) res.writeHead(answer.status, { location: answer.location });
    else if (typeof answer.body === 'string') res.writeHead(answer.status, { 'content-type': 'text/plain' });
    else res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accessToken,
    requests,
    bills,
    vendorCredits,
    deleted,
    markPaid: (billId) => {
      paid.add(billId);
    },
    vendors,
    currency,
    attachments,
    client,
    realmId,
    authorize: issueCode,
    validRefreshTokens: () => [...refreshTokens],
    revoke: (token) => {
      tokens.delete(token);
      refreshTokens.delete(token);
    },
    loseNextAnswer: (suffix) => {
      toLose.add(suffix);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
