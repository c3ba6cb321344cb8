import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { ApiError, api, apiErrorFrom, setUnauthorizedHandler } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
  resetToasts();
});

describe('ApiError', () => {
  it("builds '{status}: {message}' from a JSON error body and keeps code and issues", () => {
    const err = apiErrorFrom(
      400,
      'Bad Request',
      JSON.stringify({
        message: 'Validation failed',
        code: 'input',
        issues: [{ path: 'name', message: 'Required' }],
      }),
    );
    expect(err.message).toBe('400: Validation failed');
    expect(err.detail).toBe('Validation failed');
    expect(err.code).toBe('input');
    expect(err.issues).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it('uses the body text, or the status text when the body is empty', () => {
    expect(apiErrorFrom(502, 'Bad Gateway', 'upstream timed out').message).toBe('502: upstream timed out');
    expect(apiErrorFrom(503, 'Service Unavailable', '').message).toBe('503: Service Unavailable');
  });
});

describe('api requests', () => {
  it('sends JSON bodies with credentials and raises ApiError on non-2xx', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'Too large', code: 'too_large' }), { status: 413 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await api.post('/api/x', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('413: Too large');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('drops empty query values', async () => {
    const fetchMock = vi.fn(async () => new Response('{"items":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/invoices', { query: { status: undefined, search: '', days: 30, limit: 10 } });
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/invoices?days=30&limit=10');
  });

  it('returns null for a 401 when asked to, without the logged-out handling', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    await expect(api.get('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
