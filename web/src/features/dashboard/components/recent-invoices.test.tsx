import { screen, within } from '@testing-library/react';
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

describe('RecentInvoices rows', () => {
  it("reads 'Not read' as the amount of a file that could not be read, 'Processing...' while one is read", async () => {
    mockApi({
      'GET /api/invoices': {
        body: {
          items: [
            makeInvoice({
              id: '01HZY3K8M2Q4R5S6T7V8W9XNR1',
              invoiceNumber: 'UNREAD-1',
              status: 'REVIEW_REQUIRED',
              totalAmount: null,
              readFailure: 'This file has no text and no picture of an invoice.',
            }),
            makeInvoice({
              id: '01HZY3K8M2Q4R5S6T7V8W9XNR2',
              invoiceNumber: 'BUSY-1',
              status: 'PROCESSING',
              totalAmount: null,
            }),
          ],
          nextCursor: null,
          total: 2,
        },
      },
    });
    renderWithProviders(<RecentInvoices />);
    const unread = await screen.findByRole('row', { name: /UNREAD-1/ });
    expect(within(unread).getByText('Not read')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /BUSY-1/ })).getByText('Processing...'),
    ).toBeInTheDocument();
  });

  it('offers a viewer View and Download but not Delete', async () => {
    mockApi({ 'GET /api/invoices': { body: { items: [makeInvoice()], nextCursor: null, total: 1 } } });
    renderWithProviders(<RecentInvoices />, { user: { role: 'VIEWER' } });
    expect(await screen.findByRole('button', { name: 'View invoice INV-1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice INV-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete invoice INV-1001' })).not.toBeInTheDocument();
  });

  it('offers a member Delete', async () => {
    mockApi({ 'GET /api/invoices': { body: { items: [makeInvoice()], nextCursor: null, total: 1 } } });
    renderWithProviders(<RecentInvoices />, { user: { role: 'MEMBER' } });
    expect(await screen.findByRole('button', { name: 'Delete invoice INV-1001' })).toBeInTheDocument();
  });
});
