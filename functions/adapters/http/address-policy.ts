import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What an outbound call to a user-given URL may reach. In the cloud both are false: https only, public
 * unicast addresses only. The local runtime allows plain http and (through OUTBOUND_ALLOW_LOOPBACK) loopback,
 * so `npm start` and the tests can point webhooks and integrations at fakes on 127.0.0.1.
 */
export interface OutboundPolicy {
  allowLoopback: boolean;
  allowHttp: boolean;
}

/** The one message a refused URL gets, wherever it is refused (creation, update or send time). */
export const REFUSED_URL_MESSAGE = 'This URL points to an internal or reserved address, which is not allowed';
export const HTTPS_REQUIRED_MESSAGE = 'The URL must start with https://';

/** A user-given URL or address that must not be called; `message` is safe to show (no address echoed). */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
}

/**
 * Why this IP address must not be connected to, or undefined when it may. Only ipaddr.js's `unicast` range
 * (public addresses) passes, after IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is unwrapped to its IPv4 form:
 * loopback, private (RFC 1918, fc00::/7), link-local (169.254/16 with the EC2 and ECS metadata endpoints,
 * fe80::/10), CGNAT (100.64/10), multicast, unspecified, broadcast and every reserved or translation range
 * (6to4, Teredo, NAT64…) are refused. Loopback passes only when the policy allows it.
 */
export function refusedAddressReason(address: string, policy: OutboundPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return REFUSED_URL_MESSAGE;
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowLoopback) return undefined;
  return REFUSED_URL_MESSAGE;
}

/** The host of a URL without the brackets of an IPv6 literal (`[::1]` → `::1`). */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * A host name as DNS means it: lower case, without the trailing dot(s) of a fully qualified name
 * (`localhost.` and `LOCALHOST` are `localhost`), so a name cannot dodge a check by its spelling.
 */
export const canonicalName = (host: string) => host.toLowerCase().replace(/\.+$/, '');

/**
 * Special-use names that only ever mean this network (RFC 6761, 6762, 8375, ICANN's `.internal`): cloud
 * metadata (`metadata.google.internal`), mDNS, home networks. Refused by name, wherever they resolve.
 */
const INTERNAL_NAME = /(^|\.)(internal|local|localdomain|home\.arpa|lan)$/;

/**
 * Why a host name (not an IP literal) must not be called by its name alone, or undefined: `localhost` and
 * `*.localhost` are loopback by definition (RFC 6761, whatever DNS says), the special-use names internal.
 */
export function refusedNameReason(host: string, policy: OutboundPolicy): string | undefined {
  const name = canonicalName(host);
  if (name === 'localhost' || name.endsWith('.localhost')) return refusedAddressReason('127.0.0.1', policy);
  return INTERNAL_NAME.test(name) ? REFUSED_URL_MESSAGE : undefined;
}

/**
 * Checks what can be known of a URL without resolving it: the scheme, credentials in the URL, and the
 * host when it is an IP literal. The WHATWG parser has already normalised odd IPv4 forms (`127.1`,
 * `0x7f000001`, `2130706433`, octal) to dotted quads, so they are judged by the address they mean.
 * Returns the parsed URL; throws OutboundRefusedError.
 */
export function checkUrlShape(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('Enter a valid URL');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    throw new OutboundRefusedError(HTTPS_REQUIRED_MESSAGE);
  if (url.username || url.password)
    throw new OutboundRefusedError('The URL must not contain a user name or password');
  const host = bareHost(url.hostname);
  if (isIP(host)) {
    const reason = refusedAddressReason(host, policy);
    if (reason) throw new OutboundRefusedError(reason);
  } else {
    const reason = refusedNameReason(host, policy);
    if (reason) throw new OutboundRefusedError(reason);
  }
  return url;
}
