import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoicesQueryKey } from '@/features/invoices/api/get-invoices';
import { openPdf } from '@/features/invoices/lib/pdf-renderer';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { InvoiceDetailDialog } from './invoice-detail-dialog';

// The test DOM has no canvas: only the pdf.js boundary is replaced; everything above it is real.
vi.mock('@/features/invoices/lib/pdf-renderer', () => ({ openPdf: vi.fn() }));

const ID = '01HZY3K8M2Q4R5S6T7V8W9XABC';
const renderPage = vi.fn(() => ({ promise: Promise.resolve(), cancel: () => {} }));
const destroy = vi.fn();
/** Pages not yet in view, with the way to bring each into view. */
const observed = new Map<Element, () => void>();

beforeEach(() => {
  renderPage.mockClear();
  destroy.mockClear();
  vi.mocked(openPdf).mockReset();
  // The preview draws pages at its column's width, which it learns from a ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: (entries: { contentRect: { width: number } }[]) => void) {}
      observe() {
        this.callback([{ contentRect: { width: 480 } }]);
      }
      disconnect() {}
    },
  );
  // Pages are drawn once they come near the visible part of the preview: here page 1 is in view at
  // once, and any other page when the test says it scrolled there.
  observed.clear();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(el: Element) {
        const report = () => this.callback([{ isIntersecting: true }]);
        if (el.getAttribute('aria-label')?.startsWith('Page 1 ')) report();
        else observed.set(el, report);
      }
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  mockApi({
    [`GET /api/invoices/${ID}`]: {
      body: makeInvoice({
        fieldLocations: { totalAmount: { page: 2, left: 0.5, top: 0.25, width: 0.3, height: 0.05 } },
      }),
    },
    [`GET /api/invoices/${ID}/line-items`]: { body: page([]) },
    [`GET /api/invoices/${ID}/events`]: { body: page([]) },
    [`GET /api/invoices/${ID}/pdf`]: { body: '%PDF-1.7' },
  });
  return renderWithProviders(<InvoiceDetailDialog invoiceId={ID} open onClose={() => {}} />);
}

describe('DocumentPreview of a PDF', () => {
  it('draws every page on a named canvas at the column width, and highlights a field on its page', async () => {
    const user = userEvent.setup();
    vi.mocked(openPdf).mockResolvedValue({
      pageSizes: [
        { width: 612, height: 792 },
        { width: 612, height: 792 },
      ],
      renderPage,
      destroy,
    });
    setup();
    const first = await screen.findByRole('img', { name: 'Page 1 of acme.pdf' });
    const second = screen.getByRole('img', { name: 'Page 2 of acme.pdf' });
    expect(first.tagName).toBe('CANVAS');
    // The file's bytes reach pdf.js.
    expect(new TextDecoder().decode(vi.mocked(openPdf).mock.calls[0][0])).toBe('"%PDF-1.7"');
    await waitFor(() => expect(renderPage).toHaveBeenCalledWith(1, first, 480));
    // Page 2 is out of sight: not drawn until the preview scrolls near it.
    expect(renderPage).not.toHaveBeenCalledWith(2, second, 480);
    act(() => observed.get(second)?.());
    await waitFor(() => expect(renderPage).toHaveBeenCalledWith(2, second, 480));
    expect(screen.getByRole('button', { name: 'Open in New Tab' })).toBeInTheDocument();

    await user.hover(screen.getByRole('button', { name: 'Show Total Amount on the document' }));
    const box = screen.getByTestId('field-highlight');
    expect(box).toHaveStyle({ left: '50%', top: '25%', width: '30%', height: '5%' });
    expect(second.parentElement).toContainElement(box);
    expect(first.parentElement).not.toContainElement(box);
  });

  it('says the PDF failed to load, with the reason and Open in New Tab, when pdf.js cannot open it', async () => {
    vi.mocked(openPdf).mockRejectedValue(new Error('Invalid PDF structure.'));
    setup();
    expect(await screen.findByText('Failed to Load PDF')).toBeInTheDocument();
    expect(screen.getByText('Invalid PDF structure.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open in New Tab' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Page / })).toBeNull();
  });

  it('says the page failed when drawing it fails', async () => {
    vi.mocked(openPdf).mockResolvedValue({
      pageSizes: [{ width: 612, height: 792 }],
      renderPage: () => ({ promise: Promise.reject(new Error('Canvas is too large')), cancel: () => {} }),
      destroy,
    });
    setup();
    expect(await screen.findByText('Failed to Load PDF')).toBeInTheDocument();
    expect(screen.getByText('Canvas is too large')).toBeInTheDocument();
  });

  it('keeps the pages on screen while a refetched file opens, then releases the old document', async () => {
    const onePage = { pageSizes: [{ width: 612, height: 792 }], renderPage };
    const before = { ...onePage, destroy: vi.fn() };
    let finishOpening: (pdf: typeof before) => void = () => {};
    vi.mocked(openPdf)
      .mockResolvedValueOnce(before)
      .mockReturnValueOnce(new Promise((resolve) => (finishOpening = resolve)));
    const { queryClient } = setup();
    const firstCanvas = await screen.findByRole('img', { name: 'Page 1 of acme.pdf' });

    // What an approve or a save does: every query of the invoice, the file's included, is refetched.
    await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    await waitFor(() => expect(openPdf).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Preparing PDF...')).toBeNull();
    expect(screen.getByRole('img', { name: 'Page 1 of acme.pdf' })).toBe(firstCanvas);
    expect(before.destroy).not.toHaveBeenCalled();

    finishOpening({ ...onePage, destroy: vi.fn() });
    await waitFor(() => expect(before.destroy).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('img', { name: 'Page 1 of acme.pdf' })).toBeInTheDocument();
  });
});
