import type { IncomingMessage } from 'node:http';

/** A request as a fake third party received it: kept for the tests' contract assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** The body parsed as JSON, else its text (a form), else undefined. */
  body: unknown;
  /** The body's bytes as sent (a multipart upload is checked from them). */
  raw: Buffer;
}

/** Reads a whole request of a fake's server. */
export function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks);
      const text = raw.toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      resolve({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        ),
        body,
        raw,
      });
    });
  });
}
