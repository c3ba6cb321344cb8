import { screen, waitFor } from '@testing-library/react';
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
const TOTAL = { page: 1, left: 0.62, top: 0.81, width: 0.25, height: 0.035 };
const VENDOR = { page: 1, left: 0.08, top: 0.06, width: 0.4, height: 0.05 };

/** A scanned invoice (PNG): the preview is an <img>, which the test DOM can show, unlike a canvas. */
function setup(overrides: Record<string, unknown> = {}) {
  const onClose = vi.fn();
  mockApi({
    [`GET /api/invoices/${ID}`]: {
      body: makeInvoice({
        filename: 'scan.png',
        fileName: 'scan.png',
        contentType: 'image/png',
        fieldLocations: { totalAmount: TOTAL, vendorName: VENDOR },
        ...overrides,
      }),
    },
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/pdf`]: { body: 'png bytes' },
    'GET /api/properties': { body: page([]) },
    'GET /api/categories': { body: page([]) },
  });
  renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={onClose} />);
  return { onClose };
}

const highlight = () => screen.queryByTestId('field-highlight');

describe('field locations on the document preview', () => {
  it('hovering a located field draws its box over the page at the given fractions; leaving removes it', async () => {
    const user = userEvent.setup();
    setup();
    const scan = await screen.findByRole('img', { name: 'Scan of scan.png' }, { timeout: 5000 });
    const total = screen.getByRole('button', { name: 'Show Total Amount on the document' });
    // The dialog opens on its first field, the vendor, whose box shows.
    await waitFor(() => expect(highlight()).toHaveStyle({ left: '8%', top: '6%' }));

    await user.hover(total);
    const box = highlight();
    expect(box).not.toBeNull();
    expect(box).toHaveStyle({ left: '62%', top: '81%', width: '25%', height: '3.5%' });
    // Drawn in the page's overlay, next to the image, not anywhere else in the dialog.
    expect(scan.parentElement).toContainElement(box);

    // Moving on to another part of the dialog (the body outside it takes no pointer events): the
    // focused field's box is back.
    await user.hover(screen.getByText('Extracted Information'));
    expect(highlight()).toHaveStyle({ left: '8%', top: '6%' });
    (document.activeElement as HTMLElement).blur();
    await waitFor(() => expect(highlight()).toBeNull());

    await user.hover(screen.getByRole('button', { name: 'Show Vendor on the document' }));
    expect(highlight()).toHaveStyle({ left: '8%', top: '6%', width: '40%', height: '5%' });
  });

  it('keyboard focus shows the box too, and the visible label and value stay as they were', async () => {
    const user = userEvent.setup();
    setup();
    const total = await screen.findByRole('button', { name: 'Show Total Amount on the document' });
    expect(screen.getByText('Total Amount')).toBeVisible();
    expect(screen.getByText('$1,248.50')).toBeVisible();

    total.focus();
    await waitFor(() => expect(highlight()).toHaveStyle({ left: '62%', top: '81%' }));
    await user.tab();
    expect(document.activeElement).not.toBe(total);
    expect(highlight()).toBeNull();
  });

  it('fields without a location are not buttons', async () => {
    setup({ fieldLocations: { totalAmount: TOTAL } });
    await screen.findByRole('button', { name: 'Show Total Amount on the document' });
    expect(screen.getByText('Vendor Email')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show Vendor Email/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Show Vendor on/ })).toBeNull();
  });

  it('an invoice from a backend without fieldLocations shows no field buttons', async () => {
    const older: Record<string, unknown> = makeInvoice({ contentType: 'image/png', filename: 'scan.png' });
    delete older.fieldLocations;
    mockApi({
      [`GET /api/invoices/${ID}`]: { body: older },
      [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
      [`GET /api/invoices/${ID}/events`]: { body: page([]) },
      [`GET /api/invoices/${ID}/pdf`]: { body: 'png bytes' },
    });
    renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={() => {}} />);
    await screen.findByText('Extracted Information');
    expect(screen.queryByRole('button', { name: /on the document$/ })).toBeNull();
  });

  it('focusing a located input of the edit form highlights its box; other inputs do not', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByLabelText('Total Amount'));
    expect(highlight()).toHaveStyle({ left: '62%', top: '81%', width: '25%', height: '3.5%' });
    await user.click(screen.getByLabelText('Notes'));
    expect(highlight()).toBeNull();
    await user.click(screen.getByLabelText('Vendor Name'));
    expect(highlight()).toHaveStyle({ left: '8%', top: '6%' });
    // Leaving the form (Cancel) takes its input's highlight away with it: the keyboard is back on the
    // first field of the details, as when the dialog opened, and that field's box is the one shown.
    await user.click(screen.getByLabelText('Total Amount'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Extracted Information');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'vendorName'));
    expect(highlight()).toHaveStyle({ left: '8%', top: '6%' });
  });

  it('Escape closes the dialog after a click into the preview', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.click(await screen.findByRole('img', { name: 'Scan of scan.png' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
