/**
 * The shape of a value: its structure and types, not its contents, so ids, timestamps and generated
 * names (which differ between two runs by construction) do not count, while a missing field, a field of
 * another type or an error in place of an answer do. Array elements are compared as the set of their
 * shapes (two lists of one kind match whatever their lengths).
 */
export function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const shapes = new Map(value.map((v) => [JSON.stringify(shapeOf(v)), shapeOf(v)]));
    return [...shapes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, s]) => s);
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value;
}

interface ProxyResult {
  statusCode: number;
  headers?: Record<string, unknown>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** What must match between two answers of an API function: the status, the media type and the body's shape. */
export function apiAnswer(result: unknown): unknown {
  const r = result as ProxyResult;
  const header = (name: string) =>
    Object.entries(r.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] as string | undefined;
  const contentType = header('content-type')?.split(';')[0];
  let body: unknown = r.isBase64Encoded ? 'binary' : (r.body ?? null);
  if (typeof r.body === 'string' && !r.isBase64Encoded && /json/.test(contentType ?? '')) {
    body = shapeOf(JSON.parse(r.body));
  } else if (typeof body === 'string') body = 'text';
  return { statusCode: r.statusCode, contentType, location: header('location') ? 'set' : 'none', body };
}

/** An invocation's outcome in comparable form: the answer's shape, or the error's name and message. */
export function outcome(
  invocation: { ok: boolean; result?: unknown; error?: { name: string; message: string } },
  answer: (result: unknown) => unknown = shapeOf,
): unknown {
  return invocation.ok
    ? { ok: true, answer: answer(invocation.result) }
    : { ok: false, error: invocation.error?.name, message: invocation.error?.message };
}
