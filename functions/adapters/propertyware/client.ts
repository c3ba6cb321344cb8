import type { IntegrationOptions } from '../../../shared/schemas';
import { planBill } from '../../core/billing/bill-plan';
import { callOutbound, formBody, type OutboundRequest } from '../http';
import type { BillDocument } from '../quickbooks/client';
import { billFor, billSplits, mappedVendorId, type PropertywareBillSource } from './bill';

/** Propertyware's REST API v1; a sandbox or the local fake is the integration's apiUrl. */
export const PROPERTYWARE_API_BASE = 'https://api.propertyware.com/pw/api/rest/v1';
const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 512 * 1024;
/** A 429 is retried here this many times, waiting 0.5 s, 1 s, 2 s…, before the queue takes over. */
const THROTTLE_RETRIES = 3;
const THROTTLE_BASE_MS = 500;

/**
 * The integration's config, secrets opened: the spec's username/password are the API client id and
 * secret; systemId names the Propertyware system (see INTEGRATION_CONFIG_SCHEMAS.PROPERTYWARE).
 */
export interface PropertywareConfig {
  apiUrl?: string;
  username?: string;
  password?: string;
  systemId?: string;
  defaultGlAccountId?: string;
  taxGlAccountId?: string;
  accountMap?: string;
  defaultPortfolioId?: string;
  propertyMap?: string;
  vendorMap?: string;
}

export type PropertywareOutcome =
  | { ok: true; billId: string }
  | { ok: false; error: string; permanent: boolean };

class PropertywareError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The HTTP status Propertyware answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The three headers that authenticate every call (API client id/secret, and the system). */
export function propertywareHeaders(config: PropertywareConfig): Record<string, string> {
  return {
    'x-propertyware-client-id': config.username ?? '',
    'x-propertyware-client-secret': config.password ?? '',
    'x-propertyware-system-id': config.systemId ?? '',
    accept: 'application/json',
  };
}

/**
 * A read of the vendor list with Propertyware's three authentication headers, as the sync sends them: what
 * Test connection tries (at the configured URL; the caller checked there is one).
 */
export function propertywareVendorsRequest(config: PropertywareConfig, timeoutMs: number): OutboundRequest {
  return {
    url: `${(config.apiUrl ?? '').replace(/\/+$/, '')}/vendors`,
    method: 'GET',
    headers: propertywareHeaders(config),
    timeoutMs,
  };
}

const baseOf = (config: PropertywareConfig) => (config.apiUrl || PROPERTYWARE_API_BASE).replace(/\/+$/, '');

function reasonOf(body: string, status: number | null): string {
  try {
    const parsed = JSON.parse(body) as { userMessage?: string; message?: string };
    const message = parsed.userMessage ?? parsed.message;
    if (message) return `Propertyware: ${message}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return status ? `Propertyware answered ${status}` : 'Propertyware did not answer';
}

/**
 * One call, 429 retried with backoff. 401/403 mean the credentials are wrong (permanent until changed);
 * other 4xx are rejections of what we sent (permanent); 5xx and no answer are retried by the queue. A
 * body is sent as JSON, a form (a document upload) as multipart/form-data.
 */
async function call(
  config: PropertywareConfig,
  path: string,
  body?: unknown,
  method?: 'DELETE',
): Promise<unknown> {
  const encoded =
    body instanceof FormData
      ? await formBody(body)
      : body === undefined
        ? undefined
        : { contentType: 'application/json', body: JSON.stringify(body) };
  for (let attempt = 0; ; attempt++) {
    const result = await callOutbound({
      url: `${baseOf(config)}${path}`,
      method: method ?? (encoded ? 'POST' : 'GET'),
      headers: {
        ...propertywareHeaders(config),
        ...(encoded ? { 'content-type': encoded.contentType } : {}),
      },
      ...(encoded ? { body: encoded.body } : {}),
      timeoutMs: TIMEOUT_MS,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    if (result.ok) {
      if (method === 'DELETE') return null;
      try {
        return JSON.parse(result.body);
      } catch {
        throw new PropertywareError('Propertyware answered something other than JSON', false);
      }
    }
    if (result.status === 429 && attempt < THROTTLE_RETRIES) {
      await new Promise((r) => setTimeout(r, THROTTLE_BASE_MS * 2 ** attempt));
      continue;
    }
    const status = result.status ?? 0;
    if (status === 401 || status === 403)
      throw new PropertywareError(
        'Propertyware refused the credentials: check the client id, secret and system id',
        true,
      );
    throw new PropertywareError(
      reasonOf(result.body, result.status),
      status >= 400 && status < 500 && status !== 429,
      status || undefined,
    );
  }
}

const idOf = (value: unknown) => (value as { id?: number } | undefined)?.id;

/** The vendor's id: found by name, or created. */
async function vendorId(config: PropertywareConfig, name: string): Promise<number> {
  const found = (await call(config, `/vendors?${new URLSearchParams({ name })}`)) as {
    id: number;
    name: string;
  }[];
  const match = Array.isArray(found) ? found.find((v) => v.name === name) : undefined;
  if (match) return match.id;
  const id = idOf(await call(config, '/vendors', { name }));
  if (id === undefined) throw new PropertywareError('Propertyware did not return the new vendor', false);
  return id;
}

/**
 * Attaches the invoice's file to the bill (`POST /docs?entityType=BILL&entityId=<bill>`, multipart with
 * its `file` part), unless the bill already has a document of that name (`GET /docs`): a retry after a
 * lost answer, or a second sync of a bill found by its refNo, attaches it once.
 */
async function attachDocument(config: PropertywareConfig, billId: number, document: BillDocument) {
  const entity = new URLSearchParams({ entityType: 'BILL', entityId: String(billId) });
  const attached = (await call(config, `/docs?${entity}`)) as { fileName?: string }[];
  if (Array.isArray(attached) && attached.some((d) => d.fileName === document.filename)) return;
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from(await document.read())], { type: document.contentType }),
    document.filename,
  );
  if (idOf(await call(config, `/docs?${entity}`, form)) === undefined)
    throw new PropertywareError(
      `The bill ${billId} was made but Propertyware did not attach the file`,
      false,
    );
}

/**
 * Sends the approved invoice as a bill (a vendor credit, `POST /bills/credit`, for a credit note) built from
 * its bill plan: the approved total to the cent, tax as its own split. The vendor is looked up or created;
 * then the vendor's bills of that date are looked up for one with this refNo and the same kind, and the
 * bill is created only when absent, so a retry after a lost answer finds the first bill instead of making a
 * second. The invoice's file, when given, is then attached to the bill (attachDocument).
 */
export async function pushPropertywareBill(
  config: PropertywareConfig,
  invoice: PropertywareBillSource,
  document?: BillDocument,
  today = new Date().toISOString().slice(0, 10),
): Promise<PropertywareOutcome> {
  if (!config.username || !config.password || !config.systemId)
    return { ok: false, error: 'Set the Propertyware client id, secret and system id', permanent: true };
  if (!invoice.vendorName) return { ok: false, error: 'The invoice has no vendor name', permanent: true };
  const plan = planBill(invoice);
  if ('error' in plan) return { ok: false, error: plan.error, permanent: true };
  const splits = billSplits(plan, config);
  if ('error' in splits) return { ok: false, error: splits.error, permanent: true };
  const bill = billFor(invoice, plan, 0, splits, today);
  const credit = plan.kind === 'credit';
  try {
    const vendor = mappedVendorId(config, invoice.vendorId) ?? (await vendorId(config, invoice.vendorName));
    // Filters Propertyware documents for GET /bills: the vendor and the bill date (refNo is matched here).
    const query = new URLSearchParams({
      vendorID: String(vendor),
      billDateStart: bill.billDate,
      billDateEnd: bill.billDate,
    });
    const existing = (await call(config, `/bills?${query}`)) as {
      id: number;
      refNo?: string;
      vendorID?: number;
      credit?: boolean;
    }[];
    const same = Array.isArray(existing)
      ? existing.find(
          (b) => b.refNo === bill.refNo && b.vendorID === vendor && (b.credit ?? false) === credit,
        )
      : undefined;
    const id =
      same?.id ??
      idOf(await call(config, credit ? '/bills/credit' : '/bills', { ...bill, vendorID: vendor }));
    if (id === undefined)
      return { ok: false, error: 'Propertyware did not return the bill', permanent: false };
    if (document) await attachDocument(config, id, document);
    return { ok: true, billId: String(id) };
  } catch (error) {
    if (error instanceof PropertywareError)
      return { ok: false, error: error.message, permanent: error.permanent };
    throw error;
  }
}

/** Propertyware answers at most 500 records a page (`limit`). */
const PAGE_LIMIT = 500;

/**
 * What the Propertyware system offers for the mapping screen: its active GL accounts
 * (`GET /accounting/glaccounts`), its portfolios (`GET /portfolios`) and its vendors (`GET /vendors`),
 * the first page of each.
 */
export async function listPropertywareOptions(
  config: PropertywareConfig,
): Promise<{ ok: true; options: IntegrationOptions } | { ok: false; error: string }> {
  if (!config.username || !config.password || !config.systemId)
    return { ok: false, error: 'Set the Propertyware client id, secret and system id' };
  const page = `?${new URLSearchParams({ limit: String(PAGE_LIMIT) })}`;
  try {
    const [accounts, portfolios, vendors] = (await Promise.all([
      call(config, `/accounting/glaccounts${page}`),
      call(config, `/portfolios${page}`),
      call(config, `/vendors${page}`),
    ])) as [
      { id: number; accountNumber?: string; description?: string; accountType?: string }[],
      { id: number; name?: string; abbreviation?: string }[],
      { id: number; name: string }[],
    ];
    const list = <T>(value: T[]) => (Array.isArray(value) ? value : []);
    return {
      ok: true,
      options: {
        accounts: list(accounts).map((a) => ({
          id: String(a.id),
          name: [a.accountNumber, a.description].filter(Boolean).join(' ') || String(a.id),
          detail: a.accountType ?? null,
        })),
        classes: [],
        portfolios: list(portfolios).map((p) => ({
          id: String(p.id),
          name: p.name ?? p.abbreviation ?? String(p.id),
          detail: p.abbreviation ?? null,
        })),
        vendors: list(vendors).map((v) => ({ id: String(v.id), name: v.name, detail: null })),
      },
    };
  } catch (error) {
    if (error instanceof PropertywareError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Takes back a booked bill or vendor credit (`DELETE /bills/{billID}`) when its invoice is reopened or
 * voided. One already gone (404) counts as taken back, so a redelivered reversal is harmless.
 */
export async function reversePropertywareBill(
  config: PropertywareConfig,
  billId: string,
): Promise<PropertywareOutcome> {
  if (!/^\d{1,18}$/.test(billId))
    return { ok: false, error: `Not a Propertyware bill id: ${billId}`, permanent: true };
  try {
    await call(config, `/bills/${billId}`, undefined, 'DELETE');
    return { ok: true, billId };
  } catch (error) {
    if (error instanceof PropertywareError && error.status === 404) return { ok: true, billId };
    if (error instanceof PropertywareError)
      return {
        ok: false,
        error: `Bill ${billId} could not be taken back: ${error.message}`,
        permanent: error.permanent,
      };
    throw error;
  }
}
