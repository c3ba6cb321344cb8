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
const PAYMENT = `/api/invoices/${ID}/payment`;
/** A report the Reports page has loaded: a paid mark must make it stale. */
const AGING_KEY = ['/api/reports', 'aging', { asOf: '2026-12-03' }];

/** The invoice as the server keeps it: approved, version 3, paid or not as the calls made it. */
function setup(extra: Parameters<typeof mockApi>[0] = {}, role: 'ADMIN' | 'MEMBER' = 'ADMIN') {
  let version = 3;
  let invoice = makeInvoice({ status: 'APPROVED', paidOn: null, version });
  const api = mockApi({
    [`GET /api/invoices/${ID}`]: () => ({ body: invoice }),
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/pdf`]: { status: 500, body: { message: 'storage down', code: 'internal' } },
    [`POST ${PAYMENT}`]: (_url, init) => {
      const body = JSON.parse(String(init.body)) as { version: number; paidOn?: string };
      version += 1;
      invoice = makeInvoice({ status: 'APPROVED', paidOn: body.paidOn ?? '2026-12-03', version });
      return { body: invoice };
    },
    [`DELETE ${PAYMENT}`]: () => {
      version += 1;
      invoice = makeInvoice({ status: 'APPROVED', paidOn: null, version });
      return { body: invoice };
    },
    ...extra,
  });
  const rendered = renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={() => {}} />, {
    user: { role },
  });
  rendered.queryClient.setQueryData(AGING_KEY, { asOf: '2026-12-03', currencies: [] });
  return { ...api, ...rendered };
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('Mark as paid', () => {
  it('asks the paid date (today by default), marks the invoice paid, then offers Undo paid', async () => {
    const user = userEvent.setup();
    const { calls, queryClient } = setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    const date = within(dialog).getByLabelText('Paid on');
    expect(date).toHaveValue(today());
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
        [PAYMENT, { version: 3, paidOn: '2026-11-20' }],
      ]),
    );
    expect(await screen.findByText('Paid on Nov 20, 2026')).toBeInTheDocument();
    expect(await screen.findByText('Invoice marked paid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Mark as paid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).toBeNull();
    expect(queryClient.getQueryState(AGING_KEY)?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undo paid' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.url.pathname).toBe(PAYMENT);
    expect(removal?.url.searchParams.get('version')).toBe('4');
    expect(await screen.findByRole('button', { name: 'Mark as paid' })).toBeInTheDocument();
    expect(screen.queryByText(/^Paid on \w{3} \d{1,2}, \d{4}$/)).toBeNull();
    expect(await screen.findByText('Paid mark removed')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the mark is refused (409)", async () => {
    const user = userEvent.setup();
    setup({
      [`POST ${PAYMENT}`]: {
        status: 409,
        body: {
          message: 'The invoice was changed by someone else. Reload it and try again.',
          code: 'conflict',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The invoice was changed by someone else. Reload it and try again.',
    );
    expect(screen.queryByText(/^Paid on \w{3} \d{1,2}, \d{4}$/)).toBeNull();
  });

  it('shows the paid date to someone who may not change it, without the actions', async () => {
    setup(
      {
        [`GET /api/invoices/${ID}`]: { body: makeInvoice({ status: 'APPROVED', paidOn: '2026-10-01' }) },
      },
      'MEMBER',
    );
    expect(await screen.findByText('Paid on Oct 1, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo paid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).toBeNull();
  });
});
