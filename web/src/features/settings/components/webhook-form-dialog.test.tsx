import { isStandardWebhookSecret } from '@shared/schemas/entities';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { WebhookFormDialog } from './webhook-form-dialog';

const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('WebhookFormDialog', () => {
  it('requires a URL and starts with the default events', async () => {
    const { calls } = mockApi({});
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={() => {}} />);
    expect(await screen.findByLabelText('Events (JSON array)')).toHaveValue('["invoice.processed"]');
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('URL is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('reports events that are not a JSON array', async () => {
    mockApi({});
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={() => {}} />);
    await u.type(await screen.findByLabelText('Endpoint URL *'), 'https://example.com/hook');
    const events = screen.getByLabelText('Events (JSON array)');
    await u.clear(events);
    await u.type(events, 'invoice.processed');
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(
      await screen.findByText('Events must be a JSON array, e.g. ["invoice.processed"]'),
    ).toBeInTheDocument();
  });

  it('sends the parsed events and the secret', async () => {
    const { calls } = mockApi({ 'POST /api/webhooks': { status: 201, body: {} } });
    const onOpenChange = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={onOpenChange} />);
    await u.type(await screen.findByLabelText('Endpoint URL *'), 'https://example.com/hook');
    await u.type(screen.getByLabelText('Signing Secret (optional)'), SECRET);
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://example.com/hook',
      events: ['invoice.processed'],
      secret: SECRET,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a secret that is not whsec_ + base64, and the Generate button makes a valid one', async () => {
    const { calls } = mockApi({ 'POST /api/webhooks': { status: 201, body: {} } });
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={() => {}} />);
    await u.type(await screen.findByLabelText('Endpoint URL *'), 'https://example.com/hook');
    await u.type(screen.getByLabelText('Signing Secret (optional)'), 's3cret');
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(
      await screen.findByText('Secret must be whsec_ followed by the base64 of 24 to 64 random bytes'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as { secret: string };
    expect(isStandardWebhookSecret(sent.secret)).toBe(true);
  });

  it('shows a secret the server generated once, with Copy, instead of closing', async () => {
    mockApi({ 'POST /api/webhooks': { status: 201, body: { id: 'w1', secret: SECRET } } });
    const onOpenChange = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={onOpenChange} />);
    await u.type(await screen.findByLabelText('Endpoint URL *'), 'https://example.com/hook');
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Webhook created' })).toHaveTextContent(SECRET);
    expect(screen.getByText('Webhook created successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('WebhookFormDialog event checkboxes', () => {
  it('starts with invoice.processed ticked and writes the JSON text as events are ticked and cleared', async () => {
    const { calls } = mockApi({ 'POST /api/webhooks': { status: 201, body: {} } });
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={() => {}} />);
    const processed = await screen.findByRole('checkbox', { name: 'invoice.processed' });
    expect(processed).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'invoice.approved' })).not.toBeChecked();
    await u.click(screen.getByRole('checkbox', { name: 'invoice.approved' }));
    await u.click(screen.getByRole('checkbox', { name: 'invoice.voided' }));
    await u.click(processed);
    const text = screen.getByLabelText('Events (JSON array)');
    expect(text).toHaveValue('["invoice.approved","invoice.voided"]');
    await u.type(screen.getByLabelText('Endpoint URL *'), 'https://example.com/hook');
    await u.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      events: ['invoice.approved', 'invoice.voided'],
    });
  });

  it('ticks the boxes of events typed into the JSON text', async () => {
    mockApi({});
    const u = userEvent.setup();
    renderWithProviders(<WebhookFormDialog open onOpenChange={() => {}} />);
    const text = await screen.findByLabelText('Events (JSON array)');
    await u.clear(text);
    await u.click(text);
    await u.paste('["invoice.synced"]');
    expect(screen.getByRole('checkbox', { name: 'invoice.synced' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'invoice.processed' })).not.toBeChecked();
  });
});
