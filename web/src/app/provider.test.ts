import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '@/components/ui/use-toast';
import { api, setUnauthorizedHandler } from '@/lib/api-client';
import { handleUnauthorized } from './provider';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
  resetToasts();
});

describe('logged out on a signed-in page', () => {
  it('toasts once and goes to /api/login after 500 ms', async () => {
    vi.useFakeTimers();
    const redirect = vi.fn();
    setUnauthorizedHandler(handleUnauthorized(redirect));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    await api.get('/api/stats').catch(() => {});
    await api.get('/api/invoices').catch(() => {});
    const { renderHook } = await import('@testing-library/react');
    const toasts = renderHook(() => useToasts()).result.current;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    vi.advanceTimersByTime(499);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/api/login');
  });
});
