import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { InvoiceTabsDialog } from './invoice-tabs-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const A = makeInvoice({
  id: '01HZY3K8M2Q4R5S6T7V8W9XAAA',
  invoiceNumber: 'A-1',
  status: 'PROCESSED',
  dueDate: '2025-01-10',
  contentType: 'text/plain',
  filename: 'a.txt',
  fileName: 'a.txt',
});
const B = makeInvoice({
  ...A,
  id: '01HZY3K8M2Q4R5S6T7V8W9XBBB',
  invoiceNumber: 'B-2',
  vendorName: 'Bright Electric',
  status: 'REVIEW_REQUIRED',
  reviewStatus: 'REQUIRES_REVIEW',
  dueDate: '2025-01-20',
  reviewReasons: ['Low confidence in the total amount (41%).'],
  fieldConfidence: { vendorName: 0.98, totalAmount: 0.41 },
});
const C = makeInvoice({
  ...A,
  id: '01HZY3K8M2Q4R5S6T7V8W9XCCC',
  invoiceNumber: 'C-3',
  dueDate: '2025-01-30',
});

/** Serves the invoices by id and the queue's two lists (in review, ready to approve). */
function serve(invoices: Array<Record<string, unknown>>, extra: Parameters<typeof mockApi>[0] = {}) {
  const answers: Parameters<typeof mockApi>[0] = {
    'GET /api/invoices': (url) => {
      const list = invoices.filter((i) => i.status === url.searchParams.get('status'));
      return { body: { ...page(list), total: list.length } };
    },
    'GET /api/properties': { body: page([]) },
    'GET /api/categories': { body: page([]) },
  };
  for (const invoice of invoices) {
    const id = invoice.id as string;
    answers[`GET /api/invoices/${id}`] = { body: invoice };
    answers[`GET /api/invoices/${id}/line-items`] = { body: page([]) };
    answers[`GET /api/invoices/${id}/events`] = { body: page([]) };
    answers[`POST /api/invoices/${id}/approve`] = { body: { ...invoice, status: 'APPROVED' } };
    answers[`POST /api/invoices/${id}/reject`] = { body: { ...invoice, status: 'REJECTED' } };
  }
  return mockApi({ ...answers, ...extra });
}

/** The dashboard's way of using the dialog: the shown invoice is state that Next and decisions change. */
function Dashboardish({ start }: { start: string }) {
  const [id, setId] = useState(start);
  return <InvoiceDetailDialog invoiceId={id} open onClose={() => {}} onOpenInvoice={setId} />;
}

const title = () => screen.getByRole('heading', { level: 2 });

describe('every invoice can reach a decision', () => {
  it('a PROCESSED invoice reads as ready to approve, is approved, and the next one in the queue opens', async () => {
    const user = userEvent.setup();
    const { calls } = serve([A, B]);
    renderWithProviders(<Dashboardish start={A.id} />);
    expect(await screen.findByText('Ready to approve.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith(`${A.id}/approve`))).toBe(true);
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #B-2'));
  });

  it('the Invoices page dialog offers Approve and Reject for a PROCESSED invoice too', async () => {
    serve([A]);
    renderWithProviders(<InvoiceTabsDialog invoiceId={A.id} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('the Invoices page dialog takes an optional approval comment too, and sends it with Approve', async () => {
    const user = userEvent.setup();
    const { calls } = serve([A]);
    renderWithProviders(<InvoiceTabsDialog invoiceId={A.id} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Add approval comment' }));
    await user.type(screen.getByLabelText('Approval comment (Optional)'), 'Agreed with the owner');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { comment: 'Agreed with the owner' },
      ]),
    );
  });

  it('every invoice in review says why, even when the server sent no reason', async () => {
    serve([{ ...B, reviewReasons: [] }]);
    renderWithProviders(<InvoiceTabsDialog invoiceId={B.id} onClose={() => {}} />);
    expect(await screen.findByText('Why this needs review')).toBeInTheDocument();
    expect(screen.getByText('The AI was not confident enough to approve it on its own.')).toBeInTheDocument();
  });
});

describe('duplicates and unreadable files', () => {
  it('approving a suspected duplicate asks first, names the other invoice and opens it', async () => {
    const user = userEvent.setup();
    const dup = { ...B, duplicateOf: { id: A.id, invoiceNumber: 'A-1', match: 'identical_file' } };
    const { calls } = serve([A, dup]);
    renderWithProviders(<Dashboardish start={dup.id} />);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve a possible duplicate?' });
    expect(confirm).toHaveTextContent(
      'This invoice may be a duplicate of invoice #A-1: the very same file was uploaded before.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Open invoice #A-1' }));
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #A-1'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('approves a suspected duplicate once confirmed', async () => {
    const user = userEvent.setup();
    const dup = { ...B, duplicateOf: { id: A.id, invoiceNumber: null, match: 'same_number' } };
    const { calls } = serve([dup]);
    renderWithProviders(<InvoiceTabsDialog invoiceId={dup.id} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve a possible duplicate?' });
    expect(confirm).toHaveTextContent('invoice #V8W9XAAA: it has the same vendor and invoice number');
    await user.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("an unreadable file says 'We could not read this file' with Reprocess and Delete, and never Approve", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const unreadable = {
      ...B,
      totalAmount: null,
      readFailure: 'The PDF has no text and no amounts.',
      reviewReasons: ['The PDF has no text and no amounts.'],
    };
    const { calls } = serve([unreadable], {
      [`DELETE /api/invoices/${B.id}`]: { status: 204 },
    });
    renderWithProviders(<InvoiceDetailDialog invoiceId={B.id} open onClose={onClose} />);
    expect(await screen.findByText('We could not read this file')).toBeInTheDocument();
    expect(screen.getByText(/The PDF has no text and no amounts\. Reprocess it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reprocess' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByText('Why this needs review')).toBeNull();

    // A does nothing either.
    await user.keyboard('a');
    expect(calls.some((c) => c.url.pathname.endsWith('/approve'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('keyboard-first review', () => {
  it('opens on the first field needing attention, not on Close', async () => {
    serve([B]);
    renderWithProviders(<Dashboardish start={B.id} />);
    await screen.findByText('Extracted Information');
    // The total was read with 41% confidence: it comes first.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'totalAmount'));
  });

  it('Tab walks the fields in reading order', async () => {
    const user = userEvent.setup();
    serve([A]);
    renderWithProviders(<Dashboardish start={A.id} />);
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'vendorName'));
    const walked = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      walked.push((document.activeElement as HTMLElement).dataset.field);
    }
    expect(walked).toEqual(['invoiceNumber', 'invoiceDate', 'dueDate', 'subtotal']);
  });

  it('J and K move through the queue, A approves, R opens the reason, ? shows the shortcuts', async () => {
    const user = userEvent.setup();
    const { calls } = serve([A, B, C]);
    renderWithProviders(<Dashboardish start={A.id} />);
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await screen.findByRole('region', { name: 'Review queue' });

    await user.keyboard('j');
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #B-2'));
    await user.keyboard('k');
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #A-1'));

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Next invoice in the queue');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    expect(title()).toHaveTextContent('Invoice #A-1');
    // The focus is back in the invoice dialog, where the keys work.
    expect(screen.getAllByRole('dialog')[0]).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('r');
    const reason = await screen.findByLabelText('Rejection Reason (Optional)');
    expect(reason).toHaveFocus();
    // Letters typed into the reason are text, not shortcuts; Esc leaves the box but keeps the dialog.
    await user.keyboard('ajk');
    expect(reason).toHaveValue('ajk');
    await user.keyboard('{Escape}');
    expect(reason).not.toHaveFocus();
    expect(title()).toHaveTextContent('Invoice #A-1');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.keyboard('a');
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    // A approves at once, without asking for a comment: the request has no body.
    const approval = calls.find((c) => c.url.pathname.endsWith(`${A.id}/approve`));
    expect(approval?.body).toBeUndefined();
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #B-2'));
  });

  it('keys pressed while the focus has fallen to the page body still move the queue', async () => {
    const user = userEvent.setup();
    serve([A, B, C]);
    renderWithProviders(<Dashboardish start={A.id} />);
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await screen.findByRole('region', { name: 'Review queue' });
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('j');
    await waitFor(() => expect(title()).toHaveTextContent('Invoice #B-2'));
  });

  it('Esc closes the dialog while a toast of the last decision is still shown', async () => {
    const user = userEvent.setup();
    serve([A, B]);
    const onClose = vi.fn();
    renderWithProviders(
      <InvoiceDetailDialog invoiceId={A.id} open onClose={onClose} onOpenInvoice={() => {}} />,
    );
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await user.keyboard('a');
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('E edits, starting in the field needing attention', async () => {
    const user = userEvent.setup();
    serve([B]);
    renderWithProviders(<Dashboardish start={B.id} />);
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await user.keyboard('e');
    expect(await screen.findByText('Edit Invoice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Total Amount')).toHaveFocus());
  });
});

describe('corrected fields', () => {
  it("show 'Edited by {name}' instead of the AI confidence", async () => {
    serve([
      {
        ...A,
        fieldConfidence: { vendorName: 0.98, totalAmount: 0.41 },
        fieldEdits: { totalAmount: { by: 'u2', name: 'Riley Chen', at: '2025-01-06T10:00:00.000Z' } },
      },
    ]);
    renderWithProviders(<InvoiceDetailDialog invoiceId={A.id} open onClose={() => {}} />);
    expect(await screen.findByText('Edited by Riley Chen')).toBeInTheDocument();
    expect(screen.queryByText('41%')).toBeNull();
    expect(screen.getByText('98%')).toBeInTheDocument();
  });
});
