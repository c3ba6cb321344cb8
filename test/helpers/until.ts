/**
 * Polls `read` every 200 ms until it answers something (anything but undefined, null or false) and
 * returns that, or fails naming `what` after `timeoutMs`. For the effects of queues and workers, which
 * land a moment after the call that caused them.
 */
export async function until<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
