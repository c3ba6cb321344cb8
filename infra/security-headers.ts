/**
 * The security headers of every answer the site gives — the SPA, `/api`, everything — in one place:
 * CloudFront's response headers policy is built from them in the cloud (`cloud/web-stack.ts`), and the
 * local gateway sends the same ones (`local/gateway.ts`).
 */

/** Where the SPA may connect besides its own origin: the Cognito endpoint and the upload bucket. */
export interface CspOptions {
  connectSources: string[];
  /** Only over https: on the local gateway's plain http it would send the site's own requests to https. */
  upgradeInsecureRequests: boolean;
}

/**
 * CSP for the SPA: own scripts only; Amplify talks to Cognito; the browser POSTs files to the upload
 * bucket; PDF previews are drawn by pdf.js, whose worker is one of the site's own files, so nothing is
 * framed or embedded.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and Radix set style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...options.connectSources].join(' '),
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';
/** Two years, subdomains included. Browsers ignore HSTS over plain http, so it is sent over https only. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/**
 * The headers as a plain map, as the local gateway sends them. Locally the SPA reaches Cognito and storage
 * through the gateway itself (`/cognito`, `/_storage`), so its own origin is all it connects to.
 */
export function securityHeaders(options: CspOptions & { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-frame-options': FRAME_OPTIONS,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    ...(options.https
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
      : {}),
  };
}
