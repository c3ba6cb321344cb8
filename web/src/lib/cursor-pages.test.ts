import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as after a page reload (session storage survives it). */
async function reload() {
  vi.resetModules();
  return import('./cursor-pages');
}

afterEach(() => sessionStorage.clear());

describe('useCursorPages', () => {
  it('knows the first page, and a later page once the page before it gave its next cursor', async () => {
    const { useCursorPages } = await reload();
    const { result, rerender } = renderHook(({ page }) => useCursorPages('vendors', page), {
      initialProps: { page: 2 },
    });
    expect(result.current.known).toBe(false);
    act(() => result.current.remember(1, 'cursor-2'));
    expect(result.current).toMatchObject({ cursor: 'cursor-2', known: true });
    rerender({ page: 1 });
    expect(result.current).toMatchObject({ cursor: null, known: true });
  });

  it('keeps the cursors across a reload of the page', async () => {
    const before = await reload();
    const { result } = renderHook(() => before.useCursorPages('invoices', 3));
    act(() => {
      result.current.remember(1, 'c2');
      result.current.remember(2, 'c3');
    });
    const after = await reload();
    const { result: reloaded } = renderHook(() => after.useCursorPages('invoices', 3));
    expect(reloaded.current).toMatchObject({ cursor: 'c3', known: true });
  });

  it('treats a page past the last one as unknown', async () => {
    const { useCursorPages } = await reload();
    const { result } = renderHook(() => useCursorPages('properties', 2));
    act(() => result.current.remember(1, null));
    expect(result.current.known).toBe(false);
  });

  it('starts empty when the stored value is not its own', async () => {
    sessionStorage.setItem('cursorPages', JSON.stringify({ vendors: ['x'] }));
    const { useCursorPages } = await reload();
    const { result } = renderHook(() => useCursorPages('vendors', 2));
    expect(result.current.known).toBe(false);
  });
});
