import type { IntegrationOptions } from '../../../shared/schemas';
import { type BillPlan, type BillSource, planBill } from '../../core/billing/bill-plan';
import type { BillDocument, BookedDocument } from '../../core/sync/sync-invoice';
import { env } from '../../env';
import { callOutbound, formBody, type OutboundResult } from '../http';
import { billFor, billLines, parseAccountMap, qboLinesCents } from './bill';
import { type TrackingMaps, withLocation } from './tracking';

/** The invoice's file, attached to the bill (read only when a bill is made), and what a booking left. */
export type { BillDocument, BookedDocument };

export const QUICKBOOKS_MINOR_VERSION = '75';
/** The reason shown when the token is expired or revoked: only a new connection helps. */
export const RECONNECT_QUICKBOOKS = 'Reconnect QuickBooks';

const TIMEOUT_MS = 10_000;
/** Entity answers (a Bill with its lines) outgrow the guarded client's default cap. */
const MAX_ANSWER_BYTES = 512 * 1024;

/** The integration's config, secrets opened (see INTEGRATION_CONFIG_SCHEMAS.QUICKBOOKS). */
export interface QuickBooksConfig extends TrackingMaps {
  apiUrl?: string;
  realmId?: string;
  apiKey?: string;
  defaultAccountId?: string;
  /** The account of the bill's tax line (the default account when unset). */
  taxAccountId?: string;
  accountMap?: string;
  /** Our vendor id → the QuickBooks vendor the admin chose for it. */
  vendorMap?: string;
}

export type QuickBooksOutcome =
  | { ok: true; billId: string }
  | { ok: false; error: string; permanent: boolean };

/** `…/v3/company/<realmId>`; an apiUrl stored in that form (before realmId was a field) is used as is. */
export function companyBase(config: QuickBooksConfig): string | { error: string } {
  // Without its own apiUrl, an integration is called at the deployment's (QUICKBOOKS_API_URL: Intuit's, or the local fake).
  const base = (config.apiUrl || env().QUICKBOOKS_API_URL).replace(/\/+$/, '');
  if (/\/v3\/company\/[^/]+$/.test(base)) return base;
  if (!config.realmId) return { error: 'The QuickBooks company (realm id) is not set' };
  return `${base}/v3/company/${encodeURIComponent(config.realmId)}`;
}

/** QuickBooks' query language quotes with ' and escapes it with a backslash. */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

class QuickBooksError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The first Fault message of an error answer, else the status. */
function faultOf(result: OutboundResult): string {
  try {
    const fault = JSON.parse(result.body)?.Fault?.Error?.[0];
    if (fault?.Message) return `QuickBooks: ${fault.Message}${fault.Detail ? ` (${fault.Detail})` : ''}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return result.error ?? 'QuickBooks did not answer';
}

/**
 * One call. 401 means the token is expired or revoked (permanent until reconnected); other 4xx are
 * rejections of what we sent (permanent); 429, 5xx and no answer are retried by the queue.
 */
async function call(
  token: string,
  url: string,
  init: { method: 'GET' } | { method: 'POST'; body: unknown } | { method: 'POST'; form: FormData },
): Promise<Record<string, unknown>> {
  const encoded = 'form' in init ? await formBody(init.form) : undefined;
  const result = await callOutbound({
    url,
    method: init.method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(encoded
        ? { 'content-type': encoded.contentType }
        : init.method === 'POST'
          ? { 'content-type': 'application/json' }
          : {}),
    },
    ...(encoded ? { body: encoded.body } : 'body' in init ? { body: JSON.stringify(init.body) } : {}),
    timeoutMs: TIMEOUT_MS,
    maxResponseBytes: MAX_ANSWER_BYTES,
  });
  if (result.ok) {
    try {
      return JSON.parse(result.body) as Record<string, unknown>;
    } catch {
      throw new QuickBooksError('QuickBooks answered something other than JSON', false);
    }
  }
  if (result.status === 401) throw new QuickBooksError(RECONNECT_QUICKBOOKS, true);
  const status = result.status ?? 0;
  throw new QuickBooksError(faultOf(result), status >= 400 && status < 500 && status !== 429);
}

const withParams = (url: string, params: Record<string, string>) =>
  `${url}?${new URLSearchParams({ minorversion: QUICKBOOKS_MINOR_VERSION, ...params })}`;

/** A vendor as the query answers it: its currency is the company's home currency when it has none. */
interface QboVendor {
  Id: string;
  CurrencyRef?: { value: string };
}

async function findVendor(base: string, token: string, name: string): Promise<QboVendor | undefined> {
  const found = await call(
    token,
    withParams(`${base}/query`, { query: `SELECT * FROM Vendor WHERE DisplayName = ${quoted(name)}` }),
    { method: 'GET' },
  );
  return ((found.QueryResponse as { Vendor?: QboVendor[] } | undefined)?.Vendor ?? [])[0];
}

/**
 * The vendor's Id: found by DisplayName, or created (with its own stable requestid). In a multicurrency
 * company a vendor keeps one currency, so a bill in another currency goes to the vendor's sibling named
 * "<name> (<currency>)", as QuickBooks users keep them, found or created in that currency.
 */
async function vendorId(
  base: string,
  token: string,
  name: string,
  requestId: string,
  currency: { code: string; home: string },
): Promise<string> {
  const currencyOf = (v: QboVendor) => v.CurrencyRef?.value ?? currency.home;
  const named = await findVendor(base, token, name);
  if (named?.Id && currencyOf(named) === currency.code) return named.Id;
  const displayName = named ? `${name} (${currency.code})`.slice(0, 500) : name;
  if (named) {
    const sibling = await findVendor(base, token, displayName);
    if (sibling?.Id) return sibling.Id;
  }
  const created = await call(token, withParams(`${base}/vendor`, { requestid: `v${requestId}` }), {
    method: 'POST',
    body: {
      DisplayName: displayName,
      ...(currency.code !== currency.home ? { CurrencyRef: { value: currency.code } } : {}),
    },
  });
  const id = (created.Vendor as { Id?: string } | undefined)?.Id;
  if (!id) throw new QuickBooksError('QuickBooks did not return the new vendor', false);
  return id;
}

/**
 * The CurrencyRef the bill carries: none in the home currency; the invoice's own when the company has
 * multicurrency on; otherwise no bill can be made (booking euros as dollars would be wrong by the rate).
 */
async function currencyOfBill(
  base: string,
  token: string,
  plan: BillPlan,
): Promise<{ code: string; home: string; ref: string | null }> {
  const answer = await call(token, withParams(`${base}/preferences`, {}), { method: 'GET' });
  const prefs = (
    answer.Preferences as
      | { CurrencyPrefs?: { MultiCurrencyEnabled?: boolean; HomeCurrency?: { value?: string } } }
      | undefined
  )?.CurrencyPrefs;
  const home = prefs?.HomeCurrency?.value ?? 'USD';
  if (plan.currency === home) return { code: home, home, ref: null };
  if (!prefs?.MultiCurrencyEnabled)
    throw new QuickBooksError(
      `The invoice is in ${plan.currency} but the QuickBooks company keeps its books in ${home} only: turn on multicurrency in QuickBooks, or correct the invoice's currency`,
      true,
    );
  return { code: plan.currency, home, ref: plan.currency };
}

/**
 * Posts the approved invoice as a Bill (a VendorCredit for a credit note), built from its bill plan: the
 * approved total to the cent, tax as its own line, in the invoice's currency. A bill that would not add
 * up to the approved total is refused before any call, and one that QuickBooks totals differently is
 * reported. `requestId` is stable per (invoice, integration, approval), so a retry after a lost answer gets
 * QuickBooks' first result instead of a second bill.
 */
export async function pushBill(
  config: QuickBooksConfig,
  invoice: BillSource,
  requestId: string,
  document?: BillDocument,
): Promise<QuickBooksOutcome> {
  const base = companyBase(config);
  if (typeof base !== 'string') return { ok: false, error: base.error, permanent: true };
  if (!config.apiKey) return { ok: false, error: RECONNECT_QUICKBOOKS, permanent: true };
  if (!invoice.vendorName) return { ok: false, error: 'The invoice has no vendor name', permanent: true };
  const plan = planBill(invoice);
  if ('error' in plan) return { ok: false, error: plan.error, permanent: true };
  const lines = billLines(plan, {
    defaultAccountId: config.defaultAccountId,
    taxAccountId: config.taxAccountId,
    accountMap: parseAccountMap(config.accountMap),
    classMap: parseAccountMap(config.classMap),
  });
  if ('error' in lines) return { ok: false, error: lines.error, permanent: true };
  if (qboLinesCents(lines) !== plan.totalCents)
    return { ok: false, error: 'The bill does not add up to the approved total: not sent', permanent: true };
  const entity = plan.kind === 'credit' ? 'VendorCredit' : 'Bill';
  try {
    const currency = await currencyOfBill(base, config.apiKey, plan);
    const mapped = invoice.vendorId ? parseAccountMap(config.vendorMap)[invoice.vendorId] : undefined;
    const vendor = mapped ?? (await vendorId(base, config.apiKey, invoice.vendorName, requestId, currency));
    const body = withLocation(
      billFor(invoice, plan, vendor, lines, currency.ref),
      config,
      invoice.propertyId,
    );
    const answer = await call(
      config.apiKey,
      withParams(`${base}/${entity.toLowerCase()}`, { requestid: requestId }),
      { method: 'POST', body },
    );
    const made = answer[entity] as { Id?: string; TotalAmt?: number } | undefined;
    if (!made?.Id) return { ok: false, error: `QuickBooks did not return the ${entity}`, permanent: false };
    if (typeof made.TotalAmt === 'number' && Math.round(made.TotalAmt * 100) !== plan.totalCents)
      return {
        ok: false,
        error: `QuickBooks totals ${entity} ${made.Id} at ${made.TotalAmt.toFixed(2)}, not the approved ${(plan.totalCents / 100).toFixed(2)}: check it in QuickBooks`,
        permanent: true,
      };
    if (document) await attach(base, config.apiKey, { type: entity, id: made.Id }, document, requestId);
    return { ok: true, billId: made.Id };
  } catch (error) {
    if (error instanceof QuickBooksError)
      return { ok: false, error: error.message, permanent: error.permanent };
    throw error;
  }
}

/**
 * Uploads the invoice's file as an Attachable linked to the bill (`POST /upload`, multipart: the
 * `file_metadata_01` JSON part, then the `file_content_01` file part). Its own requestid makes a retry
 * after a lost answer attach the file once; a failure is the sync's failure, and the retry finds the bill
 * by its requestid.
 */
async function attach(
  base: string,
  token: string,
  made: { type: 'Bill' | 'VendorCredit'; id: string },
  document: BillDocument,
  requestId: string,
) {
  const metadata = {
    AttachableRef: [{ EntityRef: { type: made.type, value: made.id } }],
    FileName: document.filename,
    ContentType: document.contentType,
  };
  const form = new FormData();
  form.append(
    'file_metadata_01',
    new Blob([JSON.stringify(metadata)], { type: 'application/json' }),
    'attachment.json',
  );
  form.append(
    'file_content_01',
    new Blob([Buffer.from(await document.read())], { type: document.contentType }),
    document.filename,
  );
  const answer = await call(token, withParams(`${base}/upload`, { requestid: `a${requestId}` }), {
    method: 'POST',
    form,
  });
  const attached = (answer.AttachableResponse as { Attachable?: { Id?: string } }[] | undefined)?.[0];
  if (!attached?.Attachable?.Id)
    throw new QuickBooksError(
      `The ${made.type} ${made.id} was made but QuickBooks did not attach the file`,
      false,
    );
}

/** One page of the Query API is at most 1000 records: enough for a chart of accounts or a class list. */
const QUERY_MAX = 1000;

/**
 * What the company offers for the mapping screen, read with the Query API: its active accounts (all
 * classifications: expenses for the categories, any for tax), its classes and its vendors.
 */
export async function listQuickBooksOptions(
  config: QuickBooksConfig,
): Promise<{ ok: true; options: IntegrationOptions } | { ok: false; error: string }> {
  const base = companyBase(config);
  if (typeof base !== 'string') return { ok: false, error: base.error };
  if (!config.apiKey) return { ok: false, error: RECONNECT_QUICKBOOKS };
  const token = config.apiKey;
  const query = async <T>(entity: string, where = '') => {
    const answer = await call(
      token,
      withParams(`${base}/query`, { query: `SELECT * FROM ${entity}${where} MAXRESULTS ${QUERY_MAX}` }),
      { method: 'GET' },
    );
    return ((answer.QueryResponse as Record<string, T[] | undefined> | undefined)?.[entity] ?? []) as T[];
  };
  try {
    const [accounts, classes, vendors] = await Promise.all([
      query<{ Id: string; Name: string; AccountType?: string }>('Account', ' WHERE Active = true'),
      query<{ Id: string; Name: string; FullyQualifiedName?: string }>('Class', ' WHERE Active = true'),
      query<{ Id: string; DisplayName: string }>('Vendor', ' WHERE Active = true'),
    ]);
    return {
      ok: true,
      options: {
        accounts: accounts.map((a) => ({ id: a.Id, name: a.Name, detail: a.AccountType ?? null })),
        classes: classes.map((c) => ({ id: c.Id, name: c.FullyQualifiedName ?? c.Name, detail: null })),
        portfolios: [],
        vendors: vendors.map((v) => ({ id: v.Id, name: v.DisplayName, detail: null })),
      },
    };
  } catch (error) {
    if (error instanceof QuickBooksError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Takes back a booked Bill (or VendorCredit): read for its current SyncToken, then deleted
 * (`operation=delete`), as Intuit documents; QuickBooks has no void for bills. One already gone counts as
 * taken back, so a redelivered reversal is harmless. A paid bill cannot be deleted: that is reported, for
 * a person to settle in QuickBooks.
 */
export async function reverseBill(
  config: QuickBooksConfig,
  booked: BookedDocument,
): Promise<QuickBooksOutcome> {
  const base = companyBase(config);
  if (typeof base !== 'string') return { ok: false, error: base.error, permanent: true };
  if (!config.apiKey) return { ok: false, error: RECONNECT_QUICKBOOKS, permanent: true };
  const entity = booked.kind === 'credit' ? 'VendorCredit' : 'Bill';
  const path = `${base}/${entity.toLowerCase()}`;
  try {
    let current: { SyncToken?: string } | undefined;
    try {
      const answer = await call(config.apiKey, withParams(`${path}/${encodeURIComponent(booked.id)}`, {}), {
        method: 'GET',
      });
      current = answer[entity] as { SyncToken?: string } | undefined;
    } catch (error) {
      if (error instanceof QuickBooksError && /Object Not Found/.test(error.message))
        return { ok: true, billId: booked.id };
      throw error;
    }
    await call(config.apiKey, withParams(path, { operation: 'delete' }), {
      method: 'POST',
      body: { Id: booked.id, SyncToken: current?.SyncToken ?? '0' },
    });
    return { ok: true, billId: booked.id };
  } catch (error) {
    if (error instanceof QuickBooksError)
      return {
        ok: false,
        error: `${entity} ${booked.id} could not be taken back: ${error.message}`,
        permanent: error.permanent,
      };
    throw error;
  }
}
