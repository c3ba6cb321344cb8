import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/theme-toggle';
import { initialTheme, ThemeProvider } from './theme';

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  vi.unstubAllGlobals();
});

const prefersDark = (dark: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    (q: string) => ({ matches: dark && q.includes('dark'), media: q }) as MediaQueryList,
  );

describe('theme', () => {
  it('starts from the stored preference, else the system preference', () => {
    prefersDark(true);
    expect(initialTheme()).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(initialTheme()).toBe('light');
    localStorage.setItem('theme', 'purple');
    prefersDark(false);
    expect(initialTheme()).toBe('light');
  });

  it('toggles the class on <html> and persists the choice under "theme"', async () => {
    prefersDark(false);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('light');
    await act(() => user.click(screen.getByRole('button', { name: 'Switch to dark theme' })));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
