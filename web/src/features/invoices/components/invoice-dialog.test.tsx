import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { InvoiceTabsDialog } from './invoice-tabs-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const ID = '01HZY3K8M2Q4R5S6T7V8W9XABC';
const JUNK = '01HZY3K8M2Q4R5S6T7V8W9XJNK';
const ACME = '01HZY3K8M2Q4R5S6T7V8W9XACM';

type Answers = Parameters<typeof mockApi>[0];

/** The invoice (a text file, so no PDF is drawn), its children, the form's lookups, and `extra`. */
function serve(invoice: Record<string, unknown>, extra: Answers = {}) {
  return mockApi({
    [`GET /api/invoices/${ID}`]: {
      body: makeInvoice({ contentType: 'text/plain', filename: 'a.txt', ...invoice }),
    },
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/comments`]: { body: page([]) },
    'GET /api/properties': { body: page([]) },
    'GET /api/categories': { body: page([]) },
    'GET /api/organization/current': { body: { id: 'org', name: 'Harborview', defaultCurrency: 'EUR' } },
    [`PUT /api/invoices/${ID}`]: { body: makeInvoice({ ...invoice, version: 4 }) },
    ...extra,
  });
}

const dashboard = (role?: string) =>
  renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={() => {}} />, {
    user: role ? { role: role as 'ADMIN' } : undefined,
  });

const putBody = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown> | undefined;

describe('correcting every field', () => {
  it('offers the currency as an ISO 4217 list, the organization’s default first, and saves the one chosen', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ status: 'REVIEW_REQUIRED', currency: 'USD' });
    dashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const currency = screen.getByLabelText('Currency');
    await waitFor(() => expect(within(currency).getAllByRole('option')[0]).toHaveValue('EUR'));
    expect(currency).toHaveValue('USD');
    await user.selectOptions(currency, 'MYR');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(putBody(calls)).toMatchObject({ currency: 'MYR', version: 3 }));
  });

  it('keeps the category and property read by the AI when their lists arrive after the form opens', async () => {
    const user = userEvent.setup();
    const CAT = '01HZY3K8M2Q4R5S6T7V8W9XCAT';
    const PROP = '01HZY3K8M2Q4R5S6T7V8W9XPRP';
    const { calls } = serve(
      { status: 'REVIEW_REQUIRED', categoryId: CAT, categoryName: 'Pest Control', propertyId: PROP },
      {
        'GET /api/categories': { body: page([{ id: CAT, name: 'Pest Control' }]), delayMs: 300 },
        'GET /api/properties': { body: page([{ id: PROP, name: 'Harbor View' }]), delayMs: 300 },
      },
    );
    dashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const category = screen.getByLabelText('Category');
    await within(category).findByRole('option', { name: 'Pest Control' });
    await within(screen.getByLabelText('Property')).findByRole('option', { name: 'Harbor View' });
    expect(category).toHaveValue(CAT);
    expect(screen.getByLabelText('Property')).toHaveValue(PROP);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(putBody(calls)).toMatchObject({ categoryId: CAT, propertyId: PROP }));
  });

  it('saves a negative total as a credit note; untouched empty amounts are not sent', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ status: 'REVIEW_REQUIRED', subtotal: null, taxAmount: null });
    dashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const total = screen.getByLabelText('Total Amount');
    await user.clear(total);
    await user.type(total, '-120.50');
    expect(screen.getByText('Negative: saved as a credit note.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(putBody(calls)).toMatchObject({ totalAmount: -120.5 }));
    expect(putBody(calls)).not.toHaveProperty('subtotal');
    expect(putBody(calls)).not.toHaveProperty('taxAmount');
  });

  it('links a vendor picked from the organization’s vendors, by id and its name', async () => {
    const user = userEvent.setup();
    const { calls } = serve(
      { status: 'REVIEW_REQUIRED', vendorId: JUNK, vendorName: 'P.U. HT' },
      {
        'GET /api/vendors': (url) => ({
          body: page(
            (url.searchParams.get('search') ?? '').toLowerCase().startsWith('acme')
              ? [{ id: ACME, name: 'Acme Plumbing Co.', status: 'ACTIVE' }]
              : [],
          ),
        }),
      },
    );
    dashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Vendor Name');
    expect(screen.getByText('Linked to vendor P.U. HT')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Acme');
    await user.click(await screen.findByRole('button', { name: 'Use Acme Plumbing Co.' }));
    expect(name).toHaveValue('Acme Plumbing Co.');
    expect(screen.getByText('Linked to vendor Acme Plumbing Co.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(putBody(calls)).toMatchObject({ vendorId: ACME, vendorName: 'Acme Plumbing Co.' }),
    );
  });

  it('creates a vendor from the typed name and links it; a name typed without picking sends no vendor id', async () => {
    const user = userEvent.setup();
    const created = { id: ACME, name: 'Bright Electric', status: 'ACTIVE' };
    const { calls } = serve(
      { status: 'REVIEW_REQUIRED', vendorId: JUNK, vendorName: 'Kopie factuur', vendorEmail: null },
      {
        'GET /api/vendors': { body: page([]) },
        'POST /api/vendors': { status: 201, body: created },
      },
    );
    dashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Vendor Name');
    await user.clear(name);
    await user.type(name, 'Bright Electric');
    await user.click(await screen.findByRole('button', { name: 'Create vendor “Bright Electric”' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Bright Electric' }),
    );
    expect(await screen.findByText('Linked to vendor Bright Electric')).toBeInTheDocument();

    // Typing over the pick sends the name alone: the server links the vendor of that name.
    await user.type(name, ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(putBody(calls)).toMatchObject({ vendorName: 'Bright Electric Ltd' }));
    expect(putBody(calls)).not.toHaveProperty('vendorId');
  });
});

describe('credit notes', () => {
  it('shows a negative total as a credit, and approving it asks first, by button and by A', async () => {
    const user = userEvent.setup();
    const { calls } = serve(
      { status: 'REVIEW_REQUIRED', totalAmount: -120, subtotal: -120, taxAmount: 0 },
      {
        [`POST /api/invoices/${ID}/approve`]: {
          body: makeInvoice({ status: 'APPROVED', totalAmount: -120 }),
        },
      },
    );
    dashboard();
    expect(await screen.findAllByText('Credit')).not.toHaveLength(0);
    expect(screen.getAllByText('-$120.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await user.keyboard('a');
    const confirm = await screen.findByRole('dialog', { name: 'Approve a credit note?' });
    expect(confirm).toHaveTextContent('The total is -$120.00: this is a credit note');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Approve credit' }));
    expect(await screen.findByText('Invoice approved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('what each role is offered', () => {
  const inReview = {
    status: 'REVIEW_REQUIRED',
    reviewReasons: ['Low confidence in the total amount (41%).'],
  };

  it('a viewer reads the invoice and its review reason, with no Approve, Reject, Edit, Retry or comment box', async () => {
    const user = userEvent.setup();
    serve(inReview);
    dashboard('VIEWER');
    expect(await screen.findByText('Low confidence in the total amount (41%).')).toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Edit', 'Retry AI Processing'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Comment/ })).toBeNull();

    // Nor do the keys, and the help lists only what works.
    await user.keyboard('e');
    expect(screen.queryByText('Edit Invoice')).toBeNull();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).not.toHaveTextContent('Approve');
    expect(help).not.toHaveTextContent('Edit');
    expect(help).toHaveTextContent('Next field (shown on the document)');
  });

  it('a member edits but does not approve', async () => {
    serve(inReview);
    dashboard('MEMBER');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry AI Processing/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('an approver reopens an approved invoice with a reason (a blank answer cancels), and it has no Edit', async () => {
    const user = userEvent.setup();
    const { calls } = serve(
      { status: 'APPROVED' },
      {
        [`POST /api/invoices/${ID}/reopen`]: {
          status: 201,
          body: makeInvoice({ status: 'REVIEW_REQUIRED', version: 4 }),
        },
      },
    );
    dashboard('APPROVER');
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen Invoice' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await user.type(screen.getByLabelText('Why is this approved invoice reopened?'), 'Wrong amount booked');
    await user.click(screen.getByRole('button', { name: 'Reopen Invoice' }));
    expect(await screen.findByText('Invoice reopened')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Wrong amount booked' });
  });

  it('an approver voids an approved invoice; a viewer is offered neither', async () => {
    const user = userEvent.setup();
    const { calls } = serve(
      { status: 'APPROVED' },
      { [`POST /api/invoices/${ID}/void`]: { status: 201, body: makeInvoice({ status: 'REJECTED' }) } },
    );
    const { unmount } = dashboard('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    await user.type(screen.getByLabelText('Why is this approved invoice voided?'), 'Billed twice');
    await user.click(screen.getByRole('button', { name: 'Void Invoice' }));
    expect(await screen.findByText('Invoice voided')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/void'))?.body).toEqual({ reason: 'Billed twice' });
    unmount();

    serve({ status: 'APPROVED' });
    dashboard('VIEWER');
    expect(await screen.findByText('Extracted Information')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});

describe('the Invoices page dialog is the same dialog', () => {
  it('shows the document, edits, and rejects an unreadable file by prompt', async () => {
    const user = userEvent.setup();
    const unreadable = {
      status: 'REVIEW_REQUIRED',
      totalAmount: null,
      readFailure: 'The PDF has no text and no amounts.',
    };
    const { calls } = serve(unreadable, {
      [`POST /api/invoices/${ID}/reject`]: { status: 201, body: makeInvoice({ status: 'REJECTED' }) },
    });
    renderWithProviders(<InvoiceTabsDialog invoiceId={ID} onClose={() => {}} />);
    expect(await screen.findByText('Preview available for PDF files only')).toBeInTheDocument();
    expect(screen.getByText('We could not read this file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByLabelText('Why is this invoice rejected?'), 'Not an invoice');
    await user.click(screen.getByRole('button', { name: 'Reject Invoice' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/reject'))?.body).toEqual({
        reason: 'Not an invoice',
      }),
    );
  });

  it('offers Edit for an invoice in review', async () => {
    const user = userEvent.setup();
    serve({ status: 'REVIEW_REQUIRED' });
    renderWithProviders(<InvoiceTabsDialog invoiceId={ID} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit Invoice')).toBeInTheDocument();
    for (const tab of ['Details', 'Line Items', 'Comments', 'Files', 'History'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  it('after the edit form is saved by keyboard, the keyboard is back on the fields, so A approves', async () => {
    const user = userEvent.setup();
    const { calls } = serve(
      { status: 'REVIEW_REQUIRED' },
      { [`POST /api/invoices/${ID}/approve`]: { body: makeInvoice({ status: 'APPROVED' }) } },
    );
    renderWithProviders(<InvoiceTabsDialog invoiceId={ID} onClose={() => {}} />);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await user.keyboard('e');
    await user.type(await screen.findByLabelText('Vendor Name'), '{Enter}');
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field'));
    await user.keyboard('a');
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/approve'))).toBe(true));
  });
});
