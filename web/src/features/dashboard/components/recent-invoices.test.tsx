import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, mockApi, renderWithProviders } from '@/test/render';
import { RecentInvoices } from './recent-invoices';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecentInvoices over a search the server cut short', () => {
  it('says the count is a lower bound and lets Next carry on when a page came back empty', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/invoices': (url) =>
        url.searchParams.get('cursor') === 'older'
          ? {
              body: {
                items: [makeInvoice({ vendorName: 'Harbor Plumbing' })],
                nextCursor: null,
                total: 1,
              },
            }
          : { body: { items: [], nextCursor: 'older', total: 0, totalIsLowerBound: true } },
    });
    renderWithProviders(<RecentInvoices />);
    expect(
      await screen.findByText('None among the invoices searched so far: select Next to search older ones'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Harbor Plumbing')).toBeInTheDocument();
    // Numbered from what was shown: the first page had nothing, so this is the first match.
    expect(screen.getByText('Showing 1-1 of 1 invoices')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('cursor')).toBe('older');
  });

  it("adds '+' to a total that is a lower bound", async () => {
    mockApi({
      'GET /api/invoices': {
        body: { items: [makeInvoice()], nextCursor: 'more', total: 7, totalIsLowerBound: true },
      },
    });
    renderWithProviders(<RecentInvoices />);
    expect(await screen.findByText('Showing 1-1 of 7+ invoices')).toBeInTheDocument();
  });
});
