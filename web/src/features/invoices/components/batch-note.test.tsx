import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInvoice, renderWithProviders } from '@/test/render';
import { ExtractedInformation } from './invoice-details';

const batch = (firstPage: number, lastPage: number) => ({
  filename: 'mailroom-scan.pdf',
  firstPage,
  lastPage,
  documents: 12,
});

describe('an invoice split from a batch file', () => {
  it('says which file and pages it was split from', async () => {
    renderWithProviders(
      <ExtractedInformation invoice={makeInvoice({ batch: batch(3, 4) }) as never} canRetrySync={false} />,
    );
    expect(await screen.findByTestId('batch-note')).toHaveTextContent(
      'Split from mailroom-scan.pdf, pages 3–4',
    );
  });

  it('names a single page as one, and says nothing on an invoice uploaded on its own', async () => {
    const { unmount } = renderWithProviders(
      <ExtractedInformation invoice={makeInvoice({ batch: batch(5, 5) }) as never} canRetrySync={false} />,
    );
    expect(await screen.findByTestId('batch-note')).toHaveTextContent('Split from mailroom-scan.pdf, page 5');
    unmount();
    renderWithProviders(
      <ExtractedInformation invoice={makeInvoice({ batch: null }) as never} canRetrySync={false} />,
    );
    await screen.findByText('Vendor');
    expect(screen.queryByTestId('batch-note')).toBeNull();
  });
});
