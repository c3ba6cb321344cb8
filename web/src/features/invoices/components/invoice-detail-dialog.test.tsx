import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const ID = '01HZY3K8M2Q4R5S6T7V8W9XABC';

function setup(invoice: Record<string, unknown>, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET /api/invoices/${ID}`]: { body: makeInvoice(invoice) },
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/pdf`]: { status: 500, body: { message: 'storage down', code: 'internal' } },
    ...extra,
  });
  const { queryClient } = renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={() => {}} />);
  return { ...api, queryClient };
}

/** The edit form's lookups, and a save that meets a newer version of the invoice. */
const SAVE_CONFLICTS = {
  [`PUT /api/invoices/${ID}`]: {
    status: 409,
    body: { message: 'The invoice was changed by someone else', code: 'conflict' },
  },
  'GET /api/properties': { body: page([]) },
  'GET /api/categories': { body: page([]) },
};

describe('InvoiceDetailDialog', () => {
  it('shows extracted information with per-field confidence and the review reasons', async () => {
    setup({ status: 'REVIEW_REQUIRED', reviewReasons: ['Total does not match the line items'] });
    expect(await screen.findByText('Extracted Information')).toBeInTheDocument();
    expect(screen.getByText('Total does not match the line items')).toBeInTheDocument();
    expect(screen.getByText('AI confidence 93.4%')).toBeInTheDocument();
    expect(screen.getByText('98%')).toBeInTheDocument();
    expect(await screen.findByText('Failed to Load PDF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open in New Tab' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry AI Processing/ })).toBeInTheDocument();
  });

  it('shows the split it was booked with among the details, each share on its property', async () => {
    setup({
      status: 'PROCESSED',
      totalAmount: 1620,
      currency: 'USD',
      allocations: [
        { propertyId: 'p1', propertyName: 'Birch Hall', categoryId: null, categoryName: null, amount: 972 },
        {
          propertyId: 'p2',
          propertyName: 'Cedar Point',
          categoryId: 'c1',
          categoryName: 'Landscaping',
          amount: 648,
        },
      ],
    });
    const split = (await screen.findByText('Split')).closest('div') as HTMLElement;
    expect(
      within(split)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Birch Hall: $972.00', 'Cedar Point · Landscaping: $648.00']);
  });

  it('shows each sync outcome: the QuickBooks Bill Id, and a retrying integration with its reason', async () => {
    const result = (integrationId: string, overrides: Record<string, unknown>) => ({
      integrationId,
      attempts: 1,
      lastError: null,
      remoteId: null,
      nextAttemptAt: null,
      approvedAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:05.000Z',
      ...overrides,
    });
    setup({
      status: 'APPROVED',
      syncResults: [
        result('q', { integrationName: 'Books', type: 'QUICKBOOKS', status: 'SYNCED', remoteId: '148' }),
        result('m', {
          integrationName: 'Scenario',
          type: 'MAKE_COM',
          status: 'RETRYING',
          lastError: 'The endpoint answered 500',
          nextAttemptAt: '2026-11-01T10:03:05.000Z',
        }),
      ],
    });
    expect(await screen.findByText('#148')).toBeInTheDocument();
    expect(screen.getByText('Synced')).toBeInTheDocument();
    expect(screen.getByText('Retrying')).toBeInTheDocument();
    expect(screen.getByText('The endpoint answered 500')).toBeInTheDocument();
  });

  it('offers Retry sync for a failed integration only, and shows the retried outcome', async () => {
    const user = userEvent.setup();
    const failed = {
      integrationId: 'p',
      integrationName: 'Property books',
      type: 'PROPERTYWARE',
      status: 'FAILED',
      attempts: 5,
      remoteId: null,
      lastError: 'Propertyware answered 500',
      nextAttemptAt: null,
      approvedAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:30:00.000Z',
    };
    const pending = makeInvoice({ status: 'APPROVED', syncResults: [{ ...failed, status: 'PENDING' }] });
    let retried = false;
    const { calls } = setup(
      { status: 'APPROVED', syncResults: [failed] },
      {
        [`GET /api/invoices/${ID}`]: () =>
          retried ? { body: pending } : { body: makeInvoice({ status: 'APPROVED', syncResults: [failed] }) },
        [`POST /api/invoices/${ID}/sync/retry`]: () => {
          retried = true;
          return { body: pending };
        },
      },
    );
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry sync' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/sync/retry'))).toBe(true),
    );
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry sync' })).not.toBeInTheDocument();
  });

  it('will not reject without a reason, and sends the trimmed reason', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { status: 'REVIEW_REQUIRED' },
      { [`POST /api/invoices/${ID}/reject`]: { body: makeInvoice({ status: 'REJECTED' }) } },
    );
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText('Rejection Reason (Optional)');
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText('Rejection reason required')).toBeInTheDocument();
    expect(screen.getByText('Please provide a reason for rejecting this invoice.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(reason, ' Duplicate of INV-1000 ');
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Duplicate of INV-1000' }),
    );
    expect(await screen.findByText('Invoice rejected')).toBeInTheDocument();
  });

  it('offers Force Retry while processing, and shows Approve then', async () => {
    setup({ status: 'PROCESSING', processingStage: 'EXTRACTING', totalAmount: null });
    expect(await screen.findByRole('button', { name: /Force Retry/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByText(/Extracting text \(OCR\)/)).toBeInTheDocument();
  });

  it('edits with the loaded version, a cleared amount as 0, an untouched empty one not at all, and empty property as null, then shows the saved invoice', async () => {
    const user = userEvent.setup();
    const loaded = { status: 'PROCESSED', subtotal: 1150, taxAmount: null };
    let saved = false;
    const { calls } = setup(loaded, {
      [`PUT /api/invoices/${ID}`]: () => {
        saved = true;
        return { body: makeInvoice({ ...loaded, subtotal: 0, version: 4 }) };
      },
      // After the save the server has the new version and, like a network, answers a moment later.
      [`GET /api/invoices/${ID}`]: () =>
        saved
          ? { body: makeInvoice({ ...loaded, subtotal: 0, version: 4 }), delayMs: 100 }
          : { body: makeInvoice(loaded) },
      'GET /api/properties': { body: page([]) },
      'GET /api/categories': { body: page([]) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = screen.getByLabelText('Vendor Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();

    await user.clear(email);
    // The person clears the subtotal (sent as 0); the tax was empty and they leave it so (not sent).
    await user.clear(screen.getByLabelText('Subtotal'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 3,
      subtotal: 0,
      totalAmount: 1248.5,
      propertyId: null,
      vendorEmail: null,
    });
    expect(body).not.toHaveProperty('taxAmount');
    // The answer carries a new version: the dialog still says so and goes back to the extracted view.
    expect(await screen.findByText('Invoice updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Extracted Information')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('keeps what the person typed when a newer version arrives while they edit; saving over it is a 409', async () => {
    const user = userEvent.setup();
    let served = makeInvoice({ status: 'PROCESSED', version: 3, totalAmount: 1248.5 });
    const { calls, queryClient } = setup(
      {},
      {
        [`GET /api/invoices/${ID}`]: () => ({ body: served }),
        ...SAVE_CONFLICTS,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const total = screen.getByLabelText('Total Amount');
    await user.clear(total);
    await user.type(total, '1250');

    // Meanwhile a teammate saves the invoice, and the dialog hears of it.
    served = makeInvoice({ status: 'PROCESSED', version: 4, totalAmount: 1248.5, notes: 'Checked by Sam' });
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.url.pathname === `/api/invoices/${ID}`),
      ).toHaveLength(2),
    );

    // The form was not reloaded under the caret: the typing and the focus are where they were.
    expect(screen.getByLabelText('Total Amount')).toHaveValue(1250);
    expect(screen.getByLabelText('Total Amount')).toHaveFocus();
    await user.type(screen.getByLabelText('Total Amount'), '.5');
    expect(screen.getByLabelText('Total Amount')).toHaveValue(1250.5);

    // Its save carries the version it was made on, so the server can refuse to overwrite Sam's change;
    // then the form shows the latest version where the person typed nothing, keeps what they typed, and
    // shows the saved value of it beside.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const put = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(put).toMatchObject({ version: 3, totalAmount: 1250.5 });
    expect(await screen.findByDisplayValue('Checked by Sam')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Amount')).toHaveValue(1250.5);
    const newer = screen.getByRole('region', { name: 'Newer saved version' });
    expect(newer).toHaveTextContent('Total Amount$1,248.50');

    // Saving again goes with the newer version and the person's total.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({
      version: 4,
      totalAmount: 1250.5,
      notes: 'Checked by Sam',
    });
  });

  it('a newer reading with another field needing attention does not move the caret in the open form', async () => {
    const user = userEvent.setup();
    let served = makeInvoice({ status: 'PROCESSED' });
    const { queryClient } = setup(
      {},
      {
        [`GET /api/invoices/${ID}`]: () => ({ body: served }),
        'GET /api/properties': { body: page([]) },
        'GET /api/categories': { body: page([]) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const split = screen.getByRole('button', { name: 'Split across properties' });
    split.focus();

    // The total now needs attention, but the person is on the form already: the keyboard stays put.
    served = makeInvoice({ status: 'PROCESSED', aiConfidence: 0.5, fieldConfidence: { totalAmount: 0.2 } });
    await queryClient.invalidateQueries();
    expect(await screen.findByText('AI confidence 50.0%')).toBeInTheDocument();
    expect(split).toHaveFocus();
  });

  it('says so when a save hits a newer version (409)', async () => {
    const user = userEvent.setup();
    setup({ status: 'PROCESSED' }, SAVE_CONFLICTS);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    // An exact string, not a regex: Radix also reads the toast out in a hidden live region
    // ("Notification Error Failed to…"), which a regex would match as a second element.
    expect(
      screen.getByText(
        'Failed to update invoice: The invoice was changed by someone else. The latest version has been loaded.',
      ),
    ).toBeInTheDocument();
  });

  it('splits the invoice by percentage: shows what remains, blocks saving until it adds up, sends amounts', async () => {
    const user = userEvent.setup();
    const properties = [
      { id: '01HZY3K8M2Q4R5S6T7V8W9XPR1', name: 'Maple Court' },
      { id: '01HZY3K8M2Q4R5S6T7V8W9XPR2', name: 'Oak Terrace' },
    ];
    const { calls } = setup(
      { status: 'PROCESSED', totalAmount: 1000 },
      {
        [`PUT /api/invoices/${ID}`]: {
          body: makeInvoice({ status: 'PROCESSED', totalAmount: 1000, version: 4 }),
        },
        'GET /api/properties': { body: page(properties) },
        'GET /api/categories': { body: page([]) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Split across properties' }));
    await user.click(screen.getByRole('radio', { name: 'By percentage' }));
    await user.selectOptions(screen.getByLabelText('Property of share 1'), 'Maple Court');
    await user.selectOptions(screen.getByLabelText('Property of share 2'), 'Oak Terrace');
    await user.type(screen.getByLabelText('Percentage of share 1'), '60');
    await user.type(screen.getByLabelText('Percentage of share 2'), '30');
    expect(screen.getByRole('status')).toHaveTextContent('Remaining: $100.00');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Percentage of share 2'));
    await user.type(screen.getByLabelText('Percentage of share 2'), '40');
    expect(screen.getByRole('status')).toHaveTextContent('The split adds up to the total.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const sent = calls.find((c) => c.method === 'PUT')?.body as { allocations?: unknown } | undefined;
    expect(sent?.allocations).toEqual([
      { propertyId: properties[0].id, categoryId: null, amount: 600 },
      { propertyId: properties[1].id, categoryId: null, amount: 400 },
    ]);
    // Many keystrokes: generous under a loaded machine.
  }, 15_000);
});

describe('InvoiceDetailDialog line item splits', () => {
  const properties = [
    { id: '01HZY3K8M2Q4R5S6T7V8W9XPR1', name: 'Maple Court' },
    { id: '01HZY3K8M2Q4R5S6T7V8W9XPR2', name: 'Oak Terrace' },
  ];
  const line = (id: string, description: string, totalPrice: number | null, extra = {}) => ({
    id,
    description,
    quantity: 1,
    unitPrice: totalPrice,
    totalPrice,
    ...extra,
  });
  const mowing = line('L1', 'Mowing', 250);
  const leaves = line('L2', 'Leaf removal', 750);

  it('splits a line by amount: shows what remains for that line, will not save until it adds up, sends the line’s allocations', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { status: 'PROCESSED', totalAmount: 1000 },
      {
        [`GET /api/invoices/${ID}/line-items`]: { body: page([mowing, leaves, line('L3', 'Note', null)]) },
        [`PUT /api/invoices/${ID}`]: {
          body: makeInvoice({ status: 'PROCESSED', totalAmount: 1000, version: 4 }),
        },
        'GET /api/properties': { body: page(properties) },
        'GET /api/categories': { body: page([{ id: 'C1', name: 'Landscaping' }]) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lines = await screen.findByRole('region', { name: 'Line item splits' });
    // A line without an amount has nothing to split.
    expect(within(lines).queryByRole('group', { name: /^Note/ })).toBeNull();
    const group = within(lines).getByRole('group', { name: 'Mowing: $250.00' });
    await user.click(within(group).getByRole('button', { name: 'Split line Mowing' }));
    await user.selectOptions(within(group).getByLabelText('Property of share 1'), 'Maple Court');
    await user.selectOptions(within(group).getByLabelText('Category of share 1'), 'Landscaping');
    await user.selectOptions(within(group).getByLabelText('Property of share 2'), 'Oak Terrace');
    await user.type(within(group).getByLabelText('Amount of share 1'), '150');
    await user.type(within(group).getByLabelText('Amount of share 2'), '50');
    expect(within(group).getByRole('status')).toHaveTextContent('Remaining: $50.00');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      'Every split must add up before you can save: Mowing: Remaining: $50.00',
    );

    await user.type(within(group).getByLabelText('Amount of share 2'), '0');
    expect(within(group).getByRole('status')).toHaveTextContent('Over the line’s amount by $400.00');
    expect(save).toBeDisabled();
    await user.clear(within(group).getByLabelText('Amount of share 2'));
    await user.type(within(group).getByLabelText('Amount of share 2'), '100');
    expect(within(group).getByRole('status')).toHaveTextContent('The split adds up to the line’s amount.');
    expect(save).toBeEnabled();
    expect(save).not.toHaveAccessibleDescription();

    await user.click(save);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    // Only the split line is sent; the invoice itself stays unsplit.
    expect(sent.lineItems).toEqual([
      {
        id: 'L1',
        allocations: [
          { propertyId: properties[0].id, categoryId: 'C1', amount: 150 },
          { propertyId: properties[1].id, categoryId: null, amount: 100 },
        ],
      },
    ]);
    expect(sent).not.toHaveProperty('allocations');
    expect(await screen.findByText('Invoice updated successfully')).toBeInTheDocument();
  }, 20_000);

  it('splits a line by percentage of its amount, next to the invoice’s own split', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { status: 'PROCESSED', totalAmount: 1000 },
      {
        [`GET /api/invoices/${ID}/line-items`]: { body: page([mowing, leaves]) },
        [`PUT /api/invoices/${ID}`]: {
          body: makeInvoice({ status: 'PROCESSED', totalAmount: 1000, version: 4 }),
        },
        'GET /api/properties': { body: page(properties) },
        'GET /api/categories': { body: page([]) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const group = await screen.findByRole('group', { name: 'Leaf removal: $750.00' });
    await user.click(within(group).getByRole('button', { name: 'Split line Leaf removal' }));
    // Each editor's mode is its own radio group: choosing percentages here leaves the invoice's alone.
    await user.click(within(group).getByRole('radio', { name: 'By percentage' }));
    expect(within(screen.getByRole('group', { name: 'Split' })).queryByRole('radio')).toBeNull();
    await user.selectOptions(within(group).getByLabelText('Property of share 1'), 'Maple Court');
    await user.selectOptions(within(group).getByLabelText('Property of share 2'), 'Oak Terrace');
    await user.type(within(group).getByLabelText('Percentage of share 1'), '33.33');
    await user.type(within(group).getByLabelText('Percentage of share 2'), '66.67');
    expect(within(group).getByRole('status')).toHaveTextContent('The split adds up to the line’s amount.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent.lineItems).toEqual([
      {
        id: 'L2',
        allocations: [
          { propertyId: properties[0].id, categoryId: null, amount: 249.98 },
          { propertyId: properties[1].id, categoryId: null, amount: 500.02 },
        ],
      },
    ]);
  }, 20_000);

  it('shows a saved line split when reopened, edits it from there, and removing it sends an empty list', async () => {
    const user = userEvent.setup();
    const saved = [
      {
        propertyId: properties[0].id,
        propertyName: 'Maple Court',
        categoryId: null,
        categoryName: null,
        amount: 150,
      },
      {
        propertyId: properties[1].id,
        propertyName: 'Oak Terrace',
        categoryId: null,
        categoryName: null,
        amount: 100,
      },
    ];
    const { calls } = setup(
      { status: 'PROCESSED', totalAmount: 1000, lineAllocations: { L1: saved } },
      {
        [`GET /api/invoices/${ID}/line-items`]: { body: page([{ ...mowing, allocations: saved }, leaves]) },
        [`PUT /api/invoices/${ID}`]: {
          body: makeInvoice({ status: 'PROCESSED', totalAmount: 1000, version: 4 }),
        },
        'GET /api/properties': { body: page(properties) },
        'GET /api/categories': { body: page([]) },
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Line Items' }));
    expect(await screen.findByText('Split: Maple Court $150.00; Oak Terrace $100.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const group = await screen.findByRole('group', { name: 'Mowing: $250.00' });
    expect(within(group).getByLabelText('Property of share 1')).toHaveValue(properties[0].id);
    expect(within(group).getByLabelText('Amount of share 1')).toHaveValue(150);
    expect(within(group).getByLabelText('Property of share 2')).toHaveValue(properties[1].id);
    expect(within(group).getByLabelText('Amount of share 2')).toHaveValue(100);
    expect(within(group).getByRole('status')).toHaveTextContent('The split adds up to the line’s amount.');

    await user.click(within(group).getByRole('button', { name: 'Remove share 2' }));
    await user.click(within(group).getByRole('button', { name: 'Remove share 1' }));
    expect(within(group).getByText('Not split: the line follows the invoice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent.lineItems).toEqual([{ id: 'L1', allocations: [] }]);
  }, 20_000);

  it('labels every control of the line splits and has no serious axe violations', async () => {
    const user = userEvent.setup();
    setup(
      { status: 'PROCESSED', totalAmount: 1000 },
      {
        [`GET /api/invoices/${ID}/line-items`]: { body: page([mowing, leaves]) },
        'GET /api/properties': { body: page(properties) },
        'GET /api/categories': { body: page([]) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lines = await screen.findByRole('region', { name: 'Line item splits' });
    await user.click(within(lines).getByRole('button', { name: 'Split line Mowing' }));
    await user.type(within(lines).getByLabelText('Amount of share 1'), '10');
    const result = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  }, 20_000);
});

describe('InvoiceDetailDialog approval comment', () => {
  it('sends the optional comment with Approve, and the History shows it', async () => {
    const user = userEvent.setup();
    let approved = false;
    const approval = {
      id: 'E1',
      type: 'approved',
      actor: 'u2',
      actorName: 'Cal Tester',
      at: new Date().toISOString(),
      from: 'PROCESSED',
      to: 'APPROVED',
      changes: [],
      note: 'Matches the roofing quote',
    };
    const { calls } = setup(
      { status: 'PROCESSED' },
      {
        [`GET /api/invoices/${ID}`]: () => ({
          body: makeInvoice({ status: approved ? 'APPROVED' : 'PROCESSED' }),
        }),
        [`GET /api/invoices/${ID}/events`]: () => ({ body: page(approved ? [approval] : []) }),
        [`POST /api/invoices/${ID}/approve`]: () => {
          approved = true;
          return { body: makeInvoice({ status: 'APPROVED' }) };
        },
      },
    );
    const toggle = await screen.findByRole('button', { name: 'Add approval comment' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const comment = screen.getByLabelText('Approval comment (Optional)');
    expect(comment).toHaveFocus();
    expect(comment).toHaveAccessibleDescription(
      'Sent with your approval (Approve, or Ctrl+Enter here) and shown in the History.',
    );
    // Letters typed into the comment are text, not shortcuts (A would approve).
    await user.type(comment, '  Matches the roofing quote ');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Matches the roofing quote' }),
    );
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('“Matches the roofing quote”')).toBeInTheDocument();
    expect(screen.getByText('Cal Tester', { exact: false })).toBeInTheDocument();
  });

  it('Ctrl+Enter in the comment approves with it; Remove comment approves without one', async () => {
    const user = userEvent.setup();
    const { calls } = setup(
      { status: 'PROCESSED' },
      { [`POST /api/invoices/${ID}/approve`]: { status: 500, body: { message: 'busy', code: 'internal' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Add approval comment' }));
    await user.type(screen.getByLabelText('Approval comment (Optional)'), 'Checked against the PO');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { comment: 'Checked against the PO' },
      ]),
    );
    // A failed approval keeps the comment, to try again.
    expect(await screen.findByText('Approval failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Approval comment (Optional)')).toHaveValue('Checked against the PO');

    await user.click(screen.getByRole('button', { name: 'Remove comment' }));
    expect(screen.queryByLabelText('Approval comment (Optional)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toBeUndefined();
  });
});
