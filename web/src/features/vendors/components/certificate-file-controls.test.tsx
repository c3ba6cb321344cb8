import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { CertificateFileControls } from './certificate-file-controls';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const vendorId = '01HZY3K8M2Q4R5S6T7V8W9XV01';
const certificate = {
  id: '01HZY3K8M2Q4R5S6T7V8W9XC01',
  vendorId,
  carrier: 'Hartford',
  policyNumber: 'GL-1',
  coverageType: 'GENERAL_LIABILITY' as const,
  perOccurrenceLimit: null,
  effectiveOn: '2025-11-01',
  expiresOn: '2026-10-31',
  file: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const fileUrl = `/api/vendors/${vendorId}/certificates/${certificate.id}/file`;
const attached = {
  ...certificate,
  file: {
    filename: 'acord-25.pdf',
    contentType: 'application/pdf' as const,
    size: 9,
    uploadedAt: '2026-01-02T00:00:00.000Z',
  },
};

describe("a certificate's file", () => {
  it('attaches the chosen file as multipart form data', async () => {
    const { calls } = mockApi({ [`PUT ${fileUrl}`]: { body: attached } });
    renderWithProviders(<CertificateFileControls certificate={certificate} maintains />);
    expect(await screen.findByText('No file attached')).toBeInTheDocument();
    const pdf = new File(['%PDF-1.4\n'], 'acord-25.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Certificate file for GL-1'), pdf);
    expect(await screen.findByText('File attached')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe(fileUrl);
    const form = put?.body as FormData | undefined;
    expect(form?.get('file')).toBeInstanceOf(File);
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<CertificateFileControls certificate={certificate} maintains />);
    await screen.findByText('No file attached');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Certificate file for GL-1'), big);
    expect(
      await screen.findByText('File too large: the limit for a certificate is 5 MB'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the attached file by name, offers Replace, and only Download to those who cannot edit', async () => {
    mockApi({});
    const { unmount } = renderWithProviders(<CertificateFileControls certificate={attached} maintains />);
    expect(await screen.findByRole('button', { name: 'Download acord-25.pdf' })).toHaveTextContent(
      'acord-25.pdf',
    );
    expect(screen.getByRole('button', { name: 'Replace file for certificate GL-1' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<CertificateFileControls certificate={attached} maintains={false} />);
    expect(await screen.findByRole('button', { name: 'Download acord-25.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Replace file/ })).toBeNull();
    expect(screen.queryByLabelText('Certificate file for GL-1')).toBeNull();
  });
});
