import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { renderWithProviders } from '@/test/render';
import { DEMO_CLOSE_MS, DEMO_PANEL_HIDE_MS, DEMO_STEPS, demoStateAt } from './demo-steps';
import { LandingPage } from './landing-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetToasts();
});

describe('Watch Demo timeline', () => {
  it('runs the five steps for 1, 2, 3, 1.5 and 0.5 seconds', () => {
    expect(DEMO_STEPS.map((s) => [s.label, s.ms])).toEqual([
      ['Uploading file', 1000],
      ['Scanning document', 2000],
      ['AI data extraction', 3000],
      ['Analyzing content', 1500],
      ['Processing complete', 500],
    ]);
    expect(demoStateAt(0).step).toBe(0);
    expect(demoStateAt(999).step).toBe(0);
    expect(demoStateAt(1000).step).toBe(1);
    expect(demoStateAt(6000).step).toBe(3);
    expect(demoStateAt(7999)).toMatchObject({ step: 4, done: false });
    expect(demoStateAt(8000)).toMatchObject({ done: true, panelVisible: true, open: true });
  });

  it('hides the panel, then closes the demo area about 2 s later', () => {
    expect(demoStateAt(DEMO_PANEL_HIDE_MS)).toMatchObject({ panelVisible: false, open: true });
    expect(DEMO_CLOSE_MS - DEMO_PANEL_HIDE_MS).toBe(2000);
    expect(demoStateAt(DEMO_CLOSE_MS).open).toBe(false);
  });
});

describe('LandingPage', () => {
  it('links Sign In, Get Started and the trials to /api/login', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<LandingPage />);
    const header = await screen.findByRole('banner');
    expect(header.querySelector('a[href="/api/login"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Start Free Trial of the Starter plan' })).toHaveAttribute(
      'href',
      '/api/login?auth=signUp&plan=STARTER',
    );
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute('href', '/api/login');
  });

  it('shows the demo result after 8 s without calling the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<LandingPage />);
    await user.click(await screen.findByRole('button', { name: /Watch Demo/ }));
    expect(screen.getByText('sample-invoice.pdf')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(8200);
    });
    expect(screen.getByText('Invoice processed successfully!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('validates the newsletter email, then confirms with a toast', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    const field = await screen.findByLabelText('Newsletter');
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Updates' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await user.clear(field);
    await user.type(field, 'pm@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Updates' }));
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });
});
