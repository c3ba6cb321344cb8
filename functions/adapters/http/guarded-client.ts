import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import {
  bareHost,
  canonicalName,
  checkUrlShape,
  type OutboundPolicy,
  OutboundRefusedError,
  refusedAddressReason,
} from './address-policy';

/** At most this much of an answer is read; the rest is dropped (third parties' bodies are never needed whole). */
export const MAX_RESPONSE_BYTES = 4096;
const CONNECT_TIMEOUT_MS = 5_000;

/** Why an outbound call failed, for callers that react to the kind (test-connection shows only ok/failed). */
export type OutboundFailure = 'refused' | 'redirect' | 'status' | 'timeout' | 'unreachable';

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  /** Text (JSON, a form), or bytes (a multipart upload of a document). */
  body?: string | Uint8Array;
  /** Whole call: connect, headers and the capped body. */
  timeoutMs: number;
  /** Read at most this much of the answer (default MAX_RESPONSE_BYTES); an API client that parses it may need more. */
  maxResponseBytes?: number;
}

export interface OutboundResult {
  ok: boolean;
  /** HTTP status of the answer; null when nothing answered (or the call was refused before connecting). */
  status: number | null;
  /** The first MAX_RESPONSE_BYTES of the answer, as UTF-8. */
  body: string;
  failure?: OutboundFailure;
  /** For logs and delivery records; names neither the host nor the address. */
  error?: string;
}

/**
 * A DNS lookup that fails when ANY address of the name is refused by the policy. It runs inside the
 * connect, so the address checked is the address connected to: a name that resolved to a public address
 * at creation and to 127.0.0.1 now (DNS rebinding) is refused here.
 */
function guardedLookup(policy: OutboundPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((a) => refusedAddressReason(a.address, policy)).find(Boolean);
      if (refused) return callback(new OutboundRefusedError(refused), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * An undici dispatcher whose every connection goes through the policy: IP literals are checked before the
 * socket opens (Node skips the lookup for them), names through `guardedLookup`.
 */
function guardedAgent(policy: OutboundPolicy, resolve: Resolver): Agent {
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS, lookup: guardedLookup(policy, resolve) });
  return new Agent({
    connect: (options, callback) => {
      const host = bareHost(options.hostname);
      const reason = isIP(host) ? refusedAddressReason(host, policy) : undefined;
      if (reason) return callback(new OutboundRefusedError(reason), null);
      return connect(options, callback);
    },
  });
}

/** Walks an error's causes for the policy's refusal (undici may wrap the connector's error). */
function refusalIn(error: unknown): OutboundRefusedError | undefined {
  for (let e = error; e; e = (e as { cause?: unknown }).cause)
    if (e instanceof OutboundRefusedError) return e;
  return undefined;
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  limit: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Resolves a name to all its addresses (dns.lookup with `all`); tests pass their own to fake DNS answers. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface OutboundClient {
  /**
   * Calls a user-given URL; the only way the functions reach a third party. Never throws: a refused
   * address, a redirect (3xx is not followed and counts as a failure), a non-2xx answer, a timeout and a
   * network error are all results. The answer's body is read up to MAX_RESPONSE_BYTES.
   */
  send(call: OutboundRequest): Promise<OutboundResult>;
  /**
   * Refuses a URL that cannot be called under the policy: its shape (scheme, IP literal) and every
   * address its name resolves to now. A name that does not resolve passes (it cannot point inside either,
   * and the connect-time check runs again at send time). Throws OutboundRefusedError.
   */
  assertCallable(raw: string): Promise<void>;
}

/** A client whose every connection is checked against the policy at connect time. */
export function createOutboundClient(policy: OutboundPolicy, resolve: Resolver = dnsLookup): OutboundClient {
  const dispatcher = guardedAgent(policy, resolve);
  return {
    send: (call) => send(call, policy, dispatcher),
    async assertCallable(raw) {
      const url = checkUrlShape(raw, policy);
      const host = bareHost(url.hostname);
      if (isIP(host)) return;
      // `name.` and `name` are the same name to DNS, though a resolver may answer only one spelling.
      const spellings = [...new Set([host, canonicalName(host)])];
      const answers = await Promise.all(
        spellings.map(
          (name) =>
            new Promise<LookupAddress[]>((ok) =>
              resolve(name, { all: true }, (error, found) => ok(error ? [] : found)),
            ),
        ),
      );
      const refused = answers
        .flat()
        .map((a) => refusedAddressReason(a.address, policy))
        .find(Boolean);
      if (refused) throw new OutboundRefusedError(refused);
    },
  };
}

async function send(
  call: OutboundRequest,
  policy: OutboundPolicy,
  dispatcher: Agent,
): Promise<OutboundResult> {
  const seconds = call.timeoutMs / 1000;
  try {
    const url = checkUrlShape(call.url, policy);
    const response = await request(url, {
      method: call.method,
      headers: { 'user-agent': 'InvoicePilot/1.0', ...call.headers },
      body: call.body,
      dispatcher,
      signal: AbortSignal.timeout(call.timeoutMs),
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    const status = response.statusCode;
    const body = await readCapped(response.body, call.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    if (status >= 200 && status < 300) return { ok: true, status, body };
    if (status >= 300 && status < 400)
      return {
        ok: false,
        status,
        body,
        failure: 'redirect',
        error: `The endpoint redirected (${status}); redirects are not followed`,
      };
    return { ok: false, status, body, failure: 'status', error: `The endpoint answered ${status}` };
  } catch (error) {
    const refused = refusalIn(error);
    if (refused) return { ok: false, status: null, body: '', failure: 'refused', error: refused.message };
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError' || /Timeout/.test(name))
      return {
        ok: false,
        status: null,
        body: '',
        failure: 'timeout',
        error: `No answer within ${seconds} s`,
      };
    return {
      ok: false,
      status: null,
      body: '',
      failure: 'unreachable',
      error: 'The endpoint could not be reached',
    };
  }
}
