import { formatDateTime } from '@shared/format';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useResendDelivery, useWebhookDeliveries } from '@/features/settings/api/webhook-deliveries';
import { errorDetail } from '@/lib/api-client';

/**
 * A webhook's delivery log, folded away until opened: one row per attempt (event, attempt, HTTP status,
 * latency, when the next retry is due) with the receiver's answer on hover, and Resend.
 */
export function WebhookDeliveryLog({ webhookId }: { webhookId: string }) {
  const [open, setOpen] = useState(false);
  const deliveries = useWebhookDeliveries(webhookId, open);
  const resend = useResendDelivery(webhookId);

  return (
    <details className="mt-2 text-xs" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">Delivery log</summary>
      {!open ? null : deliveries.isPending ? (
        <Spinner />
      ) : deliveries.isError ? (
        <p className="mt-2 text-red-600">Failed to load deliveries</p>
      ) : deliveries.data.items.length === 0 ? (
        <p className="mt-2 text-slate-500">No deliveries yet</p>
      ) : (
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th>Time</th>
              <th>Event</th>
              <th>Attempt</th>
              <th>Status</th>
              <th>Latency</th>
              <th>Next retry</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.items.map((d) => (
              <tr key={d.id} title={d.response}>
                <td>
                  <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
                </td>
                <td className="font-mono">{d.event}</td>
                <td>{d.resend ? `${d.attempt} (resend)` : d.attempt}</td>
                <td>
                  <Badge tone={d.ok ? 'green' : 'red'}>{d.statusCode ?? 'No answer'}</Badge>
                </td>
                <td>{d.latencyMs} ms</td>
                <td>{d.nextRetryAt ? formatDateTime(d.nextRetryAt) : '—'}</td>
                <td>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={resend.isPending}
                    aria-label={`Resend delivery ${d.id}`}
                    onClick={() =>
                      resend.mutate(d.id, {
                        onSuccess: () =>
                          toast({
                            title: 'Success',
                            description: 'Delivery queued again',
                            variant: 'success',
                          }),
                        onError: (err) =>
                          toast({
                            title: 'Failed to resend delivery',
                            description: errorDetail(err),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    Resend
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
