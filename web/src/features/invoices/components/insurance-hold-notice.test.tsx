import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInvoice, renderWithProviders } from '@/test/render';
import { InvoiceStateNotice } from './review-actions';

const steps = (blocksApproval: boolean) => ({
  ruleId: '01HZY3K8M2Q4R5S6T7V8W9XR03',
  ruleName: 'Uninsured vendors',
  required: 1,
  approverRole: 'ADMIN',
  approverIds: [],
  separationOfDuties: false,
  approvals: [],
  insuranceHold: { reason: "Acme Roofing's insurance expired on Oct 31, 2026", blocksApproval },
});

describe('the insurance hold on the review screen', () => {
  it('says which rule holds the invoice, why, and who must approve it', async () => {
    renderWithProviders(
      <InvoiceStateNotice
        invoice={makeInvoice({ status: 'PROCESSED', approvalSteps: steps(false) }) as never}
      />,
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      "Uninsured vendors: Acme Roofing's insurance expired on Oct 31, 2026. An admin must approve it.",
    );
  });

  it('says a blocked invoice cannot be approved until a current certificate is added, and nothing once approved', async () => {
    const { unmount } = renderWithProviders(
      <InvoiceStateNotice
        invoice={makeInvoice({ status: 'REVIEW_REQUIRED', approvalSteps: steps(true) }) as never}
      />,
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      'It cannot be approved until a current insurance certificate is added to the vendor.',
    );
    unmount();
    renderWithProviders(
      <>
        <h2>Approved invoice</h2>
        <InvoiceStateNotice
          invoice={makeInvoice({ status: 'APPROVED', approvalSteps: steps(true) }) as never}
        />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Approved invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('does not call a processed invoice ready to approve while the rule refuses its approval', async () => {
    const { unmount } = renderWithProviders(
      <InvoiceStateNotice
        invoice={makeInvoice({ status: 'PROCESSED', approvalSteps: steps(true) }) as never}
      />,
    );
    expect(await screen.findByRole('note')).toHaveTextContent('It cannot be approved until');
    expect(screen.queryByText('Ready to approve.')).not.toBeInTheDocument();
    unmount();
    // Held for a second look only (an admin approves): the invoice is still ready for that admin.
    renderWithProviders(
      <InvoiceStateNotice
        invoice={makeInvoice({ status: 'PROCESSED', approvalSteps: steps(false) }) as never}
      />,
    );
    expect(await screen.findByText('Ready to approve.')).toBeInTheDocument();
  });
});
