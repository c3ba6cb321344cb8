import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { WebhookDeliveryLog } from './webhook-delivery-log';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const HOOK = '01HZY3K8M2Q4R5S6T7V8W9XHOK';
const delivery = (id: string, attempt: number, ok: boolean, statusCode: number | null) => ({
  id,
  webhookId: HOOK,
  messageId: 'msg_1',
  event: 'invoice.processed',
  eventAt: '2026-11-01T10:00:00.000Z',
  invoiceId: 'INV1',
  attempt,
  resend: false,
  ok,
  statusCode,
  latencyMs: 42,
  response: ok ? 'received' : 'not now',
  nextRetryAt: ok ? null : '2026-11-01T10:05:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('WebhookDeliveryLog', () => {
  it('loads the log only when opened, shows each attempt, and Resend queues one', async () => {
    const { calls } = mockApi({
      [`GET /api/webhooks/${HOOK}/deliveries`]: {
        body: { items: [delivery('D2', 2, true, 200), delivery('D1', 1, false, 503)], nextCursor: null },
      },
      [`POST /api/webhooks/${HOOK}/deliveries/D2/resend`]: { status: 202, body: { queued: true } },
    });
    const u = userEvent.setup();
    renderWithProviders(<WebhookDeliveryLog webhookId={HOOK} />);
    await u.click(await screen.findByText('Delivery log'));
    expect(await screen.findByText('503')).toBeInTheDocument();
    expect(screen.getByText('200')).toBeInTheDocument();
    expect(screen.getAllByText('42 ms')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    await u.click(screen.getByRole('button', { name: 'Resend delivery D2' }));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain(
      `POST /api/webhooks/${HOOK}/deliveries/D2/resend`,
    );
  });
});
