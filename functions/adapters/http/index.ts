import { badInput } from '../../core/errors/app-error';
import { env } from '../../env';
import { type OutboundPolicy, OutboundRefusedError } from './address-policy';
import {
  createOutboundClient,
  type OutboundClient,
  type OutboundRequest,
  type OutboundResult,
} from './guarded-client';

export { REFUSED_URL_MESSAGE } from './address-policy';
export type { OutboundFailure, OutboundRequest, OutboundResult } from './guarded-client';
export { MAX_RESPONSE_BYTES } from './guarded-client';

/**
 * The policy of this runtime: https and public addresses only, except locally, where plain http is allowed
 * (STAGE `local`) and loopback only when OUTBOUND_ALLOW_LOOPBACK=true (`npm start` and the tests set it).
 */
export function outboundPolicy(): OutboundPolicy {
  const settings = env();
  return { allowLoopback: settings.OUTBOUND_ALLOW_LOOPBACK, allowHttp: settings.STAGE === 'local' };
}

/** One client per policy, so connections are reused between calls of a warm function. */
const clients = new Map<string, OutboundClient>();
function client(): OutboundClient {
  const policy = outboundPolicy();
  const key = JSON.stringify(policy);
  let found = clients.get(key);
  if (!found) {
    found = createOutboundClient(policy);
    clients.set(key, found);
  }
  return found;
}

/** Calls a user-given URL through the guarded client (see OutboundClient.send); never throws. */
export const callOutbound = (call: OutboundRequest): Promise<OutboundResult> => client().send(call);

/** A multipart/form-data body as the platform encodes it: its bytes and content type (with the boundary). */
export async function formBody(form: FormData): Promise<{ contentType: string; body: Uint8Array }> {
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? '',
    body: new Uint8Array(await encoded.arrayBuffer()),
  };
}

/** The outcome of one delivery or sync call, as workers record it. */
export interface PostResult {
  ok: boolean;
  status: number | null;
  error?: string;
  /** The answer's body, read up to MAX_RESPONSE_BYTES. */
  response?: string;
}

/** POSTs a JSON body to a user-given URL through the guarded client; never throws. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const result = await callOutbound({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    timeoutMs,
  });
  return {
    ok: result.ok,
    status: result.status,
    response: result.body,
    ...(result.error ? { error: result.error } : {}),
  };
}

/**
 * For the APIs that store user-given URLs: a 400 (with the field's path) when the URL could not be
 * called under this runtime's policy — an internal or reserved address, literal or resolved, or http in
 * the cloud. The same check runs again at send time.
 */
export async function refuseUncallableUrl(url: string, path: string): Promise<void> {
  try {
    await client().assertCallable(url);
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    throw badInput(error.message, [{ path, message: error.message }]);
  }
}
