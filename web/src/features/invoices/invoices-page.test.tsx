import type { BulkResult } from '@shared/schemas/bulk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoicesPage } from './invoices-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const invoices = ['A', 'B', 'C', 'D'].map((letter, n) =>
  makeInvoice({
    id: `01HZY3K8M2Q4R5S6T7V8W9X${letter}${letter}${letter}`,
    invoiceNumber: `INV-${letter}`,
    vendorName: `Vendor ${letter}`,
    version: n + 1,
  }),
);
const [a, b, c, d] = invoices;
type Answers = Parameters<typeof mockApi>[0];
type Calls = ReturnType<typeof mockApi>['calls'];

/** The list answers the first three invoices and says there are more (the fourth on a next page). */
function serve(extra: Answers = {}) {
  return mockApi({
    'GET /api/invoices': (url) =>
      url.searchParams.get('cursor') === 'next'
        ? { body: page([d], 4) }
        : {
            body: page(url.searchParams.get('limit') === '100' ? invoices.slice(0, 3) : [a, b, c], 4, 'next'),
          },
    'GET /api/properties': { body: page([{ id: '01HZY3K8M2Q4R5S6T7V8W9XPRP', name: 'Maple Court' }]) },
    'GET /api/categories': { body: page([{ id: 'cat-1', name: 'Plumbing' }]) },
    ...extra,
  });
}

const show = (role: string) =>
  renderWithProviders(<InvoicesPage />, { path: '/invoices', user: { role: role as 'ADMIN' } });
const box = (letter: string) => screen.getByRole('checkbox', { name: `Select invoice INV-${letter}` });
const posted = (calls: Calls, action: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === `/api/invoices/bulk/${action}`);

/** Serious and critical axe violations (jsdom has no layout, so colour contrast is left to the e2e run). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const report: BulkResult = {
  items: [
    {
      id: a.id,
      invoiceNumber: 'INV-A',
      vendorName: 'Vendor A',
      outcome: 'done',
      message: 'Approved',
      status: 'APPROVED',
    },
    {
      id: b.id,
      invoiceNumber: 'INV-B',
      vendorName: 'Vendor B',
      outcome: 'waiting',
      message: 'Your approval is recorded: it needs a second approver',
      status: 'PROCESSED',
    },
    {
      id: c.id,
      invoiceNumber: 'INV-C',
      vendorName: 'Vendor C',
      outcome: 'skipped',
      message: 'Changed since you selected it',
      status: 'PROCESSED',
    },
  ],
  done: 1,
  waiting: 1,
  skipped: 1,
};

describe('bulk work on the Invoices page', () => {
  it('selects with a click, a shift-click range and x on the focused card, then approves and reports each invoice', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ 'POST /api/invoices/bulk/approve': { body: report } });
    const { container } = show('ADMIN');
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-A' }));
    await user.keyboard('{Shift>}');
    await user.click(box('C'));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    // x on the focused card takes it out again, and back in.
    box('B').focus();
    await user.keyboard('x');
    expect(box('B')).not.toBeChecked();
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.keyboard('x');
    expect(box('B')).toBeChecked();
    expect(await violations(container)).toEqual([]);

    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve invoices' });
    expect(posted(calls, 'approve').map((call) => call.body)).toEqual([
      // In the order selected: B was taken out and back in.
      { ids: [a.id, c.id, b.id], versions: { [a.id]: 1, [b.id]: 2, [c.id]: 3 } },
    ]);
    expect(dialog).toHaveTextContent('1 approved, 1 waiting for another approver, 1 skipped');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['#INV-A', 'Vendor A', 'Approved', 'Approved'],
      [
        '#INV-B',
        'Vendor B',
        'Waiting for another approver',
        'Your approval is recorded: it needs a second approver',
      ],
      ['#INV-C', 'Vendor C', 'Skipped', 'Changed since you selected it'],
    ]);
    expect(await violations(dialog)).toEqual([]);
    // The selection was decided: it is cleared, and the list is read again.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(box('A')).not.toBeChecked();
    expect(within(bar).queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('rejects with one reason, and a blank reason sends nothing', async () => {
    const user = userEvent.setup();
    const rejected: BulkResult = {
      items: [{ ...report.items[0], message: 'Rejected', status: 'REJECTED' }],
      done: 1,
      waiting: 0,
      skipped: 0,
    };
    const { calls } = serve({ 'POST /api/invoices/bulk/reject': { body: rejected } });
    show('APPROVER');
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-A' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    let prompt = await screen.findByRole('dialog', { name: 'Reject 1 invoice' });
    await user.type(within(prompt).getByLabelText('Rejection reason'), '   ');
    await user.click(within(prompt).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(calls, 'reject')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    prompt = await screen.findByRole('dialog', { name: 'Reject 1 invoice' });
    await user.type(within(prompt).getByLabelText('Rejection reason'), 'Billed twice');
    await user.click(within(prompt).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject invoices' });
    expect(dialog).toHaveTextContent('1 rejected');
    expect(posted(calls, 'reject')[0]?.body).toEqual({
      ids: [a.id],
      versions: { [a.id]: 1 },
      reason: 'Billed twice',
    });
  });

  it('sets a property on everything matching the filter, leaving the category as it is', async () => {
    const user = userEvent.setup();
    const edited: BulkResult = {
      items: invoices.map((i) => ({
        id: i.id,
        invoiceNumber: i.invoiceNumber,
        vendorName: i.vendorName,
        outcome: 'done' as const,
        message: 'Property set',
        status: 'PROCESSED' as const,
      })),
      done: 4,
      waiting: 0,
      skipped: 0,
    };
    const { calls } = serve({ 'POST /api/invoices/bulk/edit': { body: edited } });
    show('MEMBER');
    await user.click(await screen.findByRole('button', { name: 'Select all 4 matching' }));
    expect(await screen.findByText('4 selected')).toBeInTheDocument();
    // A member codes and deletes, but does not approve.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set property or category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set property or category' });
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Maple Court' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Property'), 'Maple Court');
    expect(await violations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByRole('dialog', { name: 'Set property or category', description: '4 updated' });
    expect(posted(calls, 'edit')[0]?.body).toEqual({
      ids: invoices.map((i) => i.id),
      versions: Object.fromEntries(invoices.map((i) => [i.id, i.version])),
      propertyId: '01HZY3K8M2Q4R5S6T7V8W9XPRP',
    });
  });

  it('offers a viewer the export of the selection only, as one CSV of the ids chosen', async () => {
    const user = userEvent.setup();
    const csv = 'Invoice ID,Property\r\n';
    const { calls } = serve({ 'GET /api/invoices/export.csv': { body: csv } });
    // jsdom saves no files: the download link's click is where the file would be saved.
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    show('VIEWER');
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-B' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/)]));
    const exported = calls.find((call) => call.url.pathname === '/api/invoices/export.csv');
    expect(exported?.url.searchParams.get('ids')).toBe(b.id);
  });
});
