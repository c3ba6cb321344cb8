import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { AuditHistory } from './audit-history';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '01HZY3K8M2Q4R5S6T7V8W9XABC';
const event = (o: Record<string, unknown>) => ({
  id: String(Math.random()),
  type: 'UPDATED',
  actor: '8c2f0e4a-1b2c-4d5e-9f00-0a1b2c3d4e5f',
  actorName: null,
  at: '2025-01-05T10:00:00.000Z',
  from: null,
  to: null,
  changes: [],
  note: null,
  ...o,
});

describe('History', () => {
  it('is written for people: names not ids, labels not keys, money in the invoice currency', async () => {
    mockApi({
      [`GET /api/invoices/${ID}/events`]: {
        body: page([
          event({
            actorName: 'Riley Chen',
            changes: [
              // The server's texts win; an older event without them is formatted here.
              {
                field: 'subtotal',
                before: 40,
                after: 41.31,
                label: 'Subtotal',
                beforeText: '€40.00',
                afterText: '€41.31',
              },
              { field: 'totalAmount', before: null, after: 49.16 },
              { field: 'reviewReasons', before: ['x'], after: [] },
            ],
          }),
          event({ type: 'UPLOADED', changes: [] }),
        ]),
      },
    });
    renderWithProviders(<AuditHistory invoiceId={ID} currency="EUR" />);
    expect(await screen.findByText('Riley Chen', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Subtotal').parentElement).toHaveTextContent('Subtotal: €40.00 → €41.31');
    expect(screen.getByText('Total Amount').parentElement).toHaveTextContent(
      'Total Amount: (empty) → €49.16',
    );
    expect(screen.queryByText(/reviewReasons/)).toBeNull();
    // A person without a name is never shown by their id.
    expect(screen.queryByText(/8c2f0e4a/)).toBeNull();
    expect(screen.getByText('A teammate', { exact: false })).toBeInTheDocument();
  });
});
