import { getIdToken } from './auth';
import { filenameFromDisposition } from './utils';

export interface FieldIssue {
  path: string;
  message: string;
}

/** A non-2xx answer. `message` follows the spec rule `"{status}: {body text or statusText}"`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly issues: FieldIssue[] = [],
    /** The server's own message, without the status prefix. */
    readonly detail: string = message,
    /** What the server said (JSON `message` or body text); null when the body was empty. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
  }
}

/** The server's message of any error, for toasts such as 'Failed to upload x: {server message}'. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Builds an ApiError from a failed response: JSON bodies give their `message`, others their text. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return apiErrorFrom(res.status, res.statusText, text);
}

export function apiErrorFrom(status: number, statusText: string, text: string): ApiError {
  let serverMessage: string | null = text.trim() || null;
  let code: string | null = null;
  let issues: FieldIssue[] = [];
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; issues?: unknown };
    if (body && typeof body.message === 'string') serverMessage = body.message;
    if (body && typeof body.code === 'string') code = body.code;
    if (body && Array.isArray(body.issues)) issues = body.issues as FieldIssue[];
  } catch {
    // Not JSON: keep the text.
  }
  const detail = serverMessage || statusText || 'Request failed';
  return new ApiError(`${status}: ${detail}`, status, code, issues, detail, serverMessage);
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized | null = null;

/** Registered by the app: what a 401 on a signed-in page does (toast, then /api/login). */
export function setUnauthorizedHandler(handler: Unauthorized | null): void {
  onUnauthorized = handler;
}

/** Runs the logged-out handling (toast, then /api/login) from outside a request. */
export function notifyUnauthorized(): void {
  onUnauthorized?.();
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Return the raw Response (files, CSV) instead of parsed JSON. */
  raw?: boolean;
  /** Return null on 401 instead of raising (the current-user call). */
  on401?: 'throw' | 'returnNull';
  /** Extra request headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export async function authHeaders(): Promise<Record<string, string>> {
  const token = await getIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Calls the API with the user's bearer token and cookies. Form data is sent as-is; any other
 * body as JSON. A non-2xx answer raises an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...(await authHeaders()),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  if (res.status === 401) {
    if (options.on401 === 'returnNull') return null as T;
    onUnauthorized?.();
  }
  if (!res.ok) throw await toApiError(res);
  if (options.raw) return res as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Fetches a file with the bearer token and returns it as a Blob plus its served file name. */
export async function fetchBlob(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const res = await apiRequest<Response>(path, { raw: true });
  return {
    blob: await res.blob(),
    filename: filenameFromDisposition(res.headers.get('Content-Disposition')),
  };
}

/** Every list endpoint answers with one page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** A search over many invoices stopped counting early: at least `total` match. */
  totalIsLowerBound?: boolean;
}
