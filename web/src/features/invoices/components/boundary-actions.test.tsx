import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const ID = '01HZY3K8M2Q4R5S6T7V8W9XABC';
const PREVIOUS = '01HZY3K8M2Q4R5S6T7V8W9XABD';
const SPLIT = `/api/invoices/${ID}/split`;
const MERGE = `/api/invoices/${ID}/merge-previous`;
const batch = { filename: 'mailroom-scan.pdf', firstPage: 3, lastPage: 5, documents: 4 };

/** The invoice as the server keeps it (version 3), in review; `extra` answers more routes. */
function setup(
  invoice: Record<string, unknown>,
  extra: Parameters<typeof mockApi>[0] = {},
  role: 'ADMIN' | 'VIEWER' = 'ADMIN',
) {
  const stored = makeInvoice({ status: 'REVIEW_REQUIRED', version: 3, pageCount: 3, ...invoice });
  const api = mockApi({
    [`GET /api/invoices/${ID}`]: { body: stored },
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/pdf`]: { status: 500, body: { message: 'storage down', code: 'internal' } },
    ...extra,
  });
  const onClose = vi.fn();
  renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={onClose} />, { user: { role } });
  return { ...api, onClose };
}

describe('Split here', () => {
  it('asks the first page of the new invoice and splits there with the version seen', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { batch },
      {
        [`POST ${SPLIT}`]: {
          status: 202,
          body: makeInvoice({ status: 'UPLOADED', version: 4, batch: { ...batch, lastPage: 3 } }),
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Split here…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split this invoice' });
    const field = within(dialog).getByLabelText('First page of the new invoice');
    expect(field).toHaveValue(2);
    expect(
      within(dialog).getByText('This invoice keeps page 1; pages 2–3 become a new invoice.'),
    ).toBeVisible();
    fireEvent.change(field, { target: { value: '3' } });
    expect(
      within(dialog).getByText('This invoice keeps pages 1–2; page 3 becomes a new invoice.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Split invoice' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
        [SPLIT, { version: 3, atPage: 3 }],
      ]),
    );
    expect(await screen.findByText('Invoice split')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Split this invoice' })).toBeNull();
  });

  it("keeps the dialog open with the server's message when the split is refused (409)", async () => {
    const user = userEvent.setup();
    setup(
      {},
      {
        [`POST ${SPLIT}`]: {
          status: 409,
          body: {
            message: 'This invoice was changed by someone else; reload it and try again',
            code: 'stale_version',
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Split here…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split this invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Split invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This invoice was changed by someone else; reload it and try again',
    );
  });

  it('is not offered on a one-page invoice', async () => {
    setup({ pageCount: 1 });
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('button', { name: 'Split here…' })).toBeNull();
  });

  it('is not offered on an approved invoice', async () => {
    setup({ status: 'APPROVED', batch });
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('button', { name: 'Split here…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge with previous invoice' })).toBeNull();
  });

  it('is not offered to a viewer', async () => {
    setup({ batch }, {}, 'VIEWER');
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('button', { name: 'Split here…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge with previous invoice' })).toBeNull();
  });
});

describe('Merge with previous invoice', () => {
  it('asks first, merges with the version seen, then leaves the invoice that is gone', async () => {
    const user = userEvent.setup();
    const merged = makeInvoice({
      id: PREVIOUS,
      status: 'UPLOADED',
      batch: { ...batch, firstPage: 1 },
    });
    const { calls, onClose } = setup({ batch }, { [`POST ${MERGE}`]: { status: 202, body: merged } });
    await user.click(await screen.findByRole('button', { name: 'Merge with previous invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with previous invoice' });
    expect(dialog).toHaveTextContent(
      'This invoice (pages 3–5 of mailroom-scan.pdf) joins the invoice before it',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge invoices' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
        [MERGE, { version: 3 }],
      ]),
    );
    expect(await screen.findByText('Invoices merged')).toBeInTheDocument();
    expect(
      screen.getByText('One invoice again: pages 1–5 of mailroom-scan.pdf. It is being read again.'),
    ).toBeInTheDocument();
    // The dashboard's dialog opens no other invoice: it closes.
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal in the dialog (409 for an approved neighbour)", async () => {
    const user = userEvent.setup();
    setup(
      { batch },
      {
        [`POST ${MERGE}`]: {
          status: 409,
          body: { message: 'An approved invoice cannot be merged: reopen it first', code: 'approved' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Merge with previous invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with previous invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge invoices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An approved invoice cannot be merged: reopen it first',
    );
  });

  it("is not offered on a file's first document, nor on an invoice never split", async () => {
    setup({ batch: { ...batch, firstPage: 1 } });
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('button', { name: 'Merge with previous invoice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Split here…' })).toBeInTheDocument();
  });
});
