import { useSyncExternalStore } from 'react';
import { useTheme } from '@/lib/theme';

/** Palette for series and slices: distinguishable in both themes. */
export const SERIES_COLORS = [
  '#6366f1',
  '#10b981',
  '#f59e0b',
  '#ec4899',
  '#0ea5e9',
  '#8b5cf6',
  '#ef4444',
  '#14b8a6',
  '#f97316',
  '#84cc16',
];

/** Axis, grid and tooltip colours for the current theme. */
export function useChartTheme() {
  const { theme } = useTheme();
  const dark = theme === 'dark';
  return {
    dark,
    axis: dark ? '#94a3b8' : '#64748b',
    grid: dark ? '#1e293b' : '#e2e8f0',
    cursor: dark ? 'rgba(148,163,184,0.08)' : 'rgba(100,116,139,0.08)',
    primary: dark ? '#818cf8' : '#6366f1',
    secondary: dark ? '#34d399' : '#10b981',
    pieStroke: dark ? '#0f172a' : '#ffffff',
  };
}

/** Whether the viewport is at least `px` wide (axis label widths shrink on phones). */
export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const mql = matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : true),
    () => true,
  );
}
