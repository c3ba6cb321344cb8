/** The outcome of one outbound call, for the records kept on invoices, integrations and webhooks. */
export interface PostResult {
  ok: boolean;
  status: number | null;
  error?: string;
}

/**
 * POSTs a JSON body to a third party with a hard timeout; never throws (a refused connection, a
 * timeout and a non-2xx answer are all results, so the caller records them and decides to retry).
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'InvoicePilot/1.0', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection can be reused; its content is not needed.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status };
    return {
      ok: false,
      status: response.status,
      error: `HTTP ${response.status} ${response.statusText}`.trim(),
    };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `No answer within ${timeoutMs / 1000} s`
        : `${(error as Error).message}${(error as { cause?: Error }).cause ? `: ${(error as { cause?: Error }).cause?.message}` : ''}`;
    return { ok: false, status: null, error: message };
  }
}
