import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIRST = makeInvoice({
  id: '01HZY3K8M2Q4R5S6T7V8W9XAAA',
  status: 'REVIEW_REQUIRED',
  reviewStatus: 'REQUIRES_REVIEW',
  processingStatus: 'review_needed',
  vendorName: 'Acme Plumbing Co.',
  invoiceNumber: 'A-1',
  filename: 'a.txt',
  fileName: 'a.txt',
  contentType: 'text/plain',
});
const SECOND = makeInvoice({
  ...FIRST,
  id: '01HZY3K8M2Q4R5S6T7V8W9XBBB',
  vendorName: 'Bright Electric',
  invoiceNumber: 'B-2',
});

/** The list answers the invoices in review; none are PROCESSED (ready to approve) unless given. */
const byStatus =
  (review: Array<typeof FIRST>, ready: Array<typeof FIRST> = []) =>
  (url: URL) => {
    const list = url.searchParams.get('status') === 'PROCESSED' ? ready : review;
    return { body: { ...page(list), total: list.length } };
  };

function serve(waiting: Array<typeof FIRST>) {
  const answers: Record<string, Parameters<typeof mockApi>[0][string]> = {
    'GET /api/invoices': byStatus(waiting),
  };
  for (const invoice of [FIRST, SECOND]) {
    answers[`GET /api/invoices/${invoice.id}`] = { body: invoice };
    answers[`GET /api/invoices/${invoice.id}/line-items`] = { body: page([]) };
    answers[`GET /api/invoices/${invoice.id}/events`] = { body: page([]) };
  }
  return mockApi(answers);
}

/** The dashboard's way of using the dialog: the shown invoice is state the queue's Next changes. */
function Dashboardish() {
  const [id, setId] = useState(FIRST.id);
  return <InvoiceDetailDialog invoiceId={id} open onClose={() => {}} onOpenInvoice={setId} />;
}

describe('review queue in the invoice dialog', () => {
  it('counts the other invoices waiting for review and moves to the next one in the same dialog', async () => {
    const user = userEvent.setup();
    const { calls } = serve([FIRST, SECOND]);
    renderWithProviders(<Dashboardish />);

    const queue = await screen.findByRole('region', { name: 'Review queue' });
    expect(queue).toHaveTextContent('1 other invoice waits for review');
    const list = calls.find((c) => c.url.pathname === '/api/invoices');
    expect(list?.url.searchParams.get('status')).toBe('REVIEW_REQUIRED');

    await user.click(screen.getByRole('button', { name: 'Review next: Bright Electric, invoice B-2' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Invoice #B-2/ })).toBeInTheDocument());
    // From the second invoice, the first one is the next waiting.
    expect(
      await screen.findByRole('button', { name: /^Review next: Acme Plumbing Co\./ }),
    ).toBeInTheDocument();
  });

  it('offers next the waiting invoice due first, and marks how near its due date is', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const dueSoon = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
    const later = makeInvoice({
      ...SECOND,
      id: '01HZY3K8M2Q4R5S6T7V8W9XCCC',
      vendorName: 'Later Landscaping',
      dueDate: '2099-01-01',
    });
    const urgent = makeInvoice({ ...SECOND, dueDate: dueSoon });
    mockApi({
      'GET /api/invoices': byStatus([FIRST, later, urgent]),
      [`GET /api/invoices/${FIRST.id}`]: { body: FIRST },
      [`GET /api/invoices/${FIRST.id}/line-items`]: { body: page([]) },
      [`GET /api/invoices/${FIRST.id}/events`]: { body: page([]) },
    });
    renderWithProviders(<Dashboardish />);
    const queue = await screen.findByRole('region', { name: 'Review queue' });
    expect(queue).toHaveTextContent('2 other invoices wait for review');
    expect(screen.getByRole('button', { name: /^Review next: Bright Electric/ })).toBeInTheDocument();
    // The shown invoice (due 2025-02-04, long past) says so in the dialog's title.
    expect(screen.getByRole('heading', { name: /Invoice #A-1/ })).toHaveTextContent(/Overdue by \d+ days/);
  });

  it('shows no queue when the shown invoice is the only one waiting, or without a way to open another', async () => {
    const { calls } = serve([FIRST]);
    const { unmount } = renderWithProviders(<Dashboardish />);
    await screen.findByText('Extracted Information');
    // The queue was asked for and answered before the check.
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/invoices')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Review queue' })).toBeNull();
    unmount();

    serve([FIRST, SECOND]);
    renderWithProviders(<InvoiceDetailDialog invoiceId={FIRST.id} open onClose={() => {}} />);
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('region', { name: 'Review queue' })).toBeNull();
  });
});
