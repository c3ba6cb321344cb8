import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { UploadPage } from './upload-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORGANIZATION = { 'GET /api/organization/current': { status: 404, body: { message: 'Not found' } } };

describe('UploadPage', () => {
  it('keeps the drop zone and its texts, and offers the back camera for photos beside the file picker', async () => {
    mockApi(ORGANIZATION);
    renderWithProviders(<UploadPage />, { path: '/upload', user: { role: 'MEMBER' } });
    expect(await screen.findByText('Drop files here or click to browse')).toBeInTheDocument();
    expect(screen.getByText('Supports PDF, JPEG, PNG, and TIFF files')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose invoice files')).not.toHaveAttribute('capture');
    const camera = screen.getByLabelText('Take a photo of an invoice');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Take Photo' })).toBeInTheDocument();
  });

  it('queues a photo taken with the camera like a chosen file', async () => {
    mockApi({
      ...ORGANIZATION,
      'POST /api/invoices/upload-url': { status: 500, body: { message: 'Storage is down' } },
    });
    const u = userEvent.setup();
    renderWithProviders(<UploadPage />, { path: '/upload', user: { role: 'MEMBER' } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'receipt.jpg', { type: 'image/jpeg' });
    await u.upload(await screen.findByLabelText('Take a photo of an invoice'), photo);
    expect(await screen.findByText('receipt.jpg')).toBeInTheDocument();
  });

  it('tells a viewer they cannot upload instead of showing the drop zone', async () => {
    mockApi(ORGANIZATION);
    renderWithProviders(<UploadPage />, { path: '/upload', user: { role: 'VIEWER' } });
    expect(
      await screen.findByText(
        'Viewers can read invoices but not upload them. Ask an administrator if you need to upload.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Drop files here or click to browse')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Take a photo of an invoice')).not.toBeInTheDocument();
  });
});
