import type { Vendor } from '@shared/schemas/entities';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { VendorFormDialog } from './vendor-form-dialog';
import { VendorMemorySection } from './vendor-memory-section';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const VENDOR_ID = '01HZY3K8M2Q4R5S6T7V8W9XV01';
const MEMORY_PATH = `GET /api/vendors/${VENDOR_ID}/memory`;
const RESET_PATH = `DELETE /api/vendors/${VENDOR_ID}/memory`;
const HEADING = 'What the AI learned about this vendor';
const NOTHING_LEARNED =
  'Nothing learned yet. When someone corrects and approves an invoice from this vendor, the AI remembers where each field is on that layout.';
const acme = { id: VENDOR_ID, name: 'Acme Plumbing' };

const NO_HISTORY = {
  approvedInvoices: 0,
  totals: [],
  lastInvoiceNumber: null,
  accounts: [],
  paymentAccounts: [],
};
const NOTHING = { layouts: [], history: NO_HISTORY };

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Two layouts: one of three approvals whose total was corrected too often, one of a single approval. */
function learnedMemory() {
  return {
    history: NO_HISTORY,
    layouts: [
      {
        id: 'layout-a',
        approvals: 3,
        learnedAt: daysAgo(20),
        approvedAt: daysAgo(2),
        fields: [
          {
            field: 'invoiceNumber',
            words: 'invoice number',
            foundBy: 'Next to "Invoice no"',
            right: 2,
            wrong: 0,
            used: true,
          },
          {
            field: 'totalAmount',
            words: 'total',
            foundBy: 'Below "Total due"',
            right: 1,
            wrong: 4,
            used: false,
          },
        ],
      },
      {
        id: 'layout-b',
        approvals: 1,
        learnedAt: daysAgo(40),
        approvedAt: daysAgo(40),
        fields: [
          {
            field: 'dueDate',
            words: 'due date',
            foundBy: 'At the same place on the page',
            right: 0,
            wrong: 0,
            used: true,
          },
        ],
      },
    ],
  };
}

const section = () => screen.findByRole('region', { name: HEADING });

describe('VendorMemorySection', () => {
  it('says nothing is learned yet once the memory loaded empty, and offers nothing to reset', async () => {
    mockApi({ [MEMORY_PATH]: { body: NOTHING, delayMs: 30 } });
    renderWithProviders(<VendorMemorySection vendor={acme} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading what was learned...');
    expect(await within(await section()).findByText(NOTHING_LEARNED)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset what was learned' })).not.toBeInTheDocument();
  });

  it('lists each layout with its approvals, when it was last approved and a table of its fields', async () => {
    mockApi({ [MEMORY_PATH]: { body: learnedMemory() } });
    renderWithProviders(<VendorMemorySection vendor={acme} />);

    const threeApprovals = await screen.findByRole('table', {
      name: 'Layout learned from 3 approved invoices',
    });
    expect(
      screen.getByRole('heading', { name: 'Layout learned from 3 approved invoices' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/^Last approved/).map((p) => p.textContent)).toEqual([
      'Last approved 2 days ago',
      'Last approved last month',
    ]);
    expect(
      within(threeApprovals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Found by', 'Record']);
    const [, numberRow, totalRow] = within(threeApprovals).getAllByRole('row');
    expect(
      within(numberRow as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Invoice number', 'Next to "Invoice no"', 'right 2, wrong 0']);
    expect(numberRow).not.toHaveTextContent('No longer used');
    expect(
      within(totalRow as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['TotalNo longer used: corrected too often', 'Below "Total due"', 'right 1, wrong 4']);

    const oneApproval = screen.getByRole('table', { name: 'Layout learned from 1 approved invoice' });
    expect(within(oneApproval).getByRole('row', { name: /Due date/ })).toHaveTextContent(
      'At the same place on the page',
    );
  });

  /** The section as a member sees it for a vendor whose approved invoices taught `history` (no layout). */
  async function historySection(history: Record<string, unknown>) {
    mockApi({ [MEMORY_PATH]: { body: { layouts: [], history } } });
    renderWithProviders(<VendorMemorySection vendor={acme} />, { user: { role: 'MEMBER' } });
    return section();
  }

  it('sums up what the approved invoices taught: the totals, the numbering, the accounts and their properties, the terms and the tax', async () => {
    const region = await historySection({
      approvedInvoices: 3,
      totals: [{ currency: 'USD', lowest: 180.5, highest: 1566, count: 3 }],
      lastInvoiceNumber: 'INV-2026-0403',
      accounts: [{ accountNumber: '55-0100-1', propertyId: 'p1', propertyName: 'Maple Court' }],
      paymentAccounts: [{ kind: 'us-bank', last4: '8709' }],
      paymentTerms: { days: 30, count: 3 },
      tax: { taxed: true, rate: 0.0825, count: 3 },
    });
    expect(
      await within(region).findByRole('heading', { name: 'From 3 approved invoices' }),
    ).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Totals from $180.50 to $1,566.00',
      'Last invoice number INV-2026-0403',
      'Account 55-0100-1 is booked to Maple Court',
      'Paid to the bank account ending 8709',
      'Due 30 days after the invoice date',
      'Tax at 8.25% of the subtotal',
    ]);
    expect(within(region).queryByText(NOTHING_LEARNED)).not.toBeInTheDocument();
    // Something is learned, so it can be forgotten.
    expect(within(region).getByRole('button', { name: 'Reset what was learned' })).toBeInTheDocument();
  });

  it('says how the approved invoices were split, and that the next one arrives split so', async () => {
    const region = await historySection({
      approvedInvoices: 3,
      totals: [{ currency: 'USD', lowest: 1566, highest: 1566, count: 3 }],
      lastInvoiceNumber: null,
      accounts: [],
      split: {
        shares: [
          { propertyId: 'p1', propertyName: 'Birch Hall', categoryId: null, percent: 60 },
          { propertyId: 'p2', propertyName: null, categoryId: null, percent: 40 },
        ],
        count: 3,
      },
    });
    expect(
      await within(region).findByText(
        'Split 60% Birch Hall, 40% a property since deleted on its last 3 approved invoices',
      ),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('Its next invoice arrives split the same way, for you to confirm.');
  });

  it('resets only once confirmed: Cancel keeps the memory, Reset forgets it and says so', async () => {
    let learned = learnedMemory();
    const { calls } = mockApi({
      [MEMORY_PATH]: () => ({ body: learned }),
      [RESET_PATH]: () => {
        learned = NOTHING;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorMemorySection vendor={acme} />, { user: { role: 'MEMBER' } });
    const resetButton = await screen.findByRole('button', { name: 'Reset what was learned' });

    await user.click(resetButton);
    const confirm = await screen.findByRole('dialog', {
      name: 'Reset what was learned about Acme Plumbing?',
    });
    expect(confirm).toHaveAccessibleDescription(
      'The next invoice from this vendor is read as if it were the first.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getAllByRole('table')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Reset what was learned' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Memory reset')).toBeInTheDocument();
    expect(await within(await section()).findByText(NOTHING_LEARNED)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      `/api/vendors/${VENDOR_ID}/memory`,
    ]);
  });

  it('keeps the memory and says the reset failed when the server refuses it', async () => {
    mockApi({
      [MEMORY_PATH]: { body: learnedMemory() },
      [RESET_PATH]: { status: 500, body: { message: 'Storage unavailable', code: 'internal' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorMemorySection vendor={acme} />, { user: { role: 'ADMIN' } });
    await user.click(await screen.findByRole('button', { name: 'Reset what was learned' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Failed to reset what was learned')).toBeInTheDocument();
    expect(screen.getByText('Storage unavailable')).toBeInTheDocument();
    // The question stays, as a failed delete's does, to try again or back out.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('table')).toHaveLength(2);
  });

  it('shows a viewer what was learned without the reset', async () => {
    mockApi({ [MEMORY_PATH]: { body: learnedMemory() } });
    renderWithProviders(<VendorMemorySection vendor={acme} />, { user: { role: 'VIEWER' } });
    expect(
      await screen.findByRole('table', { name: 'Layout learned from 3 approved invoices' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset what was learned' })).not.toBeInTheDocument();
  });

  it('says so when the memory fails to load', async () => {
    mockApi({ [MEMORY_PATH]: { status: 500, body: { message: 'Boom', code: 'internal' } } });
    renderWithProviders(<VendorMemorySection vendor={acme} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load what was learned');
  });
});

describe('VendorFormDialog and what the AI learned', () => {
  const vendor: Vendor = {
    id: VENDOR_ID,
    name: 'Acme Plumbing',
    email: null,
    phone: null,
    address: null,
    taxId: null,
    website: null,
    paymentTerms: null,
    preferredMethod: null,
    status: 'ACTIVE',
    totalAmount: 0,
    totalInvoices: 0,
    averageAmount: 0,
    byCurrency: {},
    currency: null,
    aliases: [],
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    version: 1,
  };

  it("shows it under the vendor's edit form", async () => {
    mockApi({ [MEMORY_PATH]: { body: learnedMemory() } });
    renderWithProviders(<VendorFormDialog open item={vendor} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor' });
    const learned = await within(dialog).findByRole('region', { name: HEADING });
    expect(
      await within(learned).findByRole('table', { name: 'Layout learned from 3 approved invoices' }),
    ).toBeInTheDocument();
  });

  it('asks nothing of a vendor not created yet', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={() => {}} />);
    await screen.findByRole('dialog', { name: 'Create New Vendor' });
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/memory'))).toHaveLength(0);
  });
});
