import { formatDate } from '@shared/format';
import { MAPPABLE_TYPES, mappingComplete } from '@shared/integration-mapping';
import { emailRecipients, type Integration, type Webhook } from '@shared/schemas/entities';
import { Boxes, ListTree, Pause, Play, Plug, Plus, Trash, Webhook as WebhookIcon, Zap } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useConnectQuickBooks } from '@/features/settings/api/connect-quickbooks';
import { useDeleteIntegration } from '@/features/settings/api/delete-integration';
import { useDeleteWebhook } from '@/features/settings/api/delete-webhook';
import { useIntegrations } from '@/features/settings/api/get-integrations';
import { useWebhooks } from '@/features/settings/api/get-webhooks';
import { testSucceeded, useTestIntegration } from '@/features/settings/api/test-integration';
import { useUpdateIntegration } from '@/features/settings/api/update-integration';
import { INTEGRATION_TYPE_LABELS } from '@/features/settings/lib/settings-rules';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';
import { AccountMappingDialog } from './account-mapping-dialog';
import { IntegrationFormDialog } from './integration-form-dialog';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookFormDialog } from './webhook-form-dialog';

const STATUS: Record<string, { tone: BadgeTone; label: string }> = {
  ACTIVE: { tone: 'green', label: 'Active' },
  INACTIVE: { tone: 'gray', label: 'Inactive' },
  ERROR: { tone: 'red', label: 'Error' },
  FAILING: { tone: 'red', label: 'Failing' },
};
const statusOf = (s: string) => STATUS[s] ?? { tone: 'gray' as const, label: s };

const TYPE_STYLE: Record<Integration['type'], string> = {
  MAKE_COM: 'bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-300',
  PROPERTYWARE: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-300',
  QUICKBOOKS: 'bg-green-50 text-green-700 dark:bg-green-500/10 dark:text-green-300',
  EMAIL: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
};

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden>
      <Skeleton className="h-20 w-full rounded-xl" />
      <Skeleton className="h-20 w-full rounded-xl" />
    </div>
  );
}

function IntegrationRow({
  integration: i,
  onDelete,
  onMap,
  administer,
}: {
  integration: Integration;
  onDelete: () => void;
  onMap: () => void;
  /** Only an administrator manages integrations: others see the list without its actions. */
  administer: boolean;
}) {
  const test = useTestIntegration();
  const update = useUpdateIntegration();
  const status = statusOf(i.status);
  const runTest = () =>
    test.mutate(i.id, {
      onSuccess: (result) =>
        testSucceeded(result)
          ? toast({
              title: 'Connection successful',
              description: result?.message ?? `${i.name} answered the test request.`,
              variant: 'success',
            })
          : toast({
              title: 'Connection failed',
              description: result?.message ?? `${i.name} did not accept the test request.`,
              variant: 'destructive',
            }),
      onError: (e) =>
        toast({ title: 'Connection failed', description: errorDetail(e), variant: 'destructive' }),
    });
  const paused = i.status === 'INACTIVE';
  const toggle = () =>
    update.mutate(
      { id: i.id, body: { status: paused ? 'ACTIVE' : 'INACTIVE', version: i.version } },
      {
        onSuccess: () =>
          toast({
            title: 'Success',
            description: paused ? `${i.name} will sync approved invoices again.` : `${i.name} is paused.`,
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: 'Failed to update integration',
            description: errorDetail(e),
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-800">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${TYPE_STYLE[i.type]}`}>
          {i.type === 'MAKE_COM' ? (
            <Zap className="size-5" aria-hidden />
          ) : (
            <Boxes className="size-5" aria-hidden />
          )}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-slate-900 dark:text-white">{i.name}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
            {mappingComplete(i) ? null : <Badge tone="amber">Accounts not mapped</Badge>}
          </p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">
            {INTEGRATION_TYPE_LABELS[i.type]}
            {hostOf(i.config.apiUrl) ? ` · ${hostOf(i.config.apiUrl)}` : ''}
            {i.type === 'EMAIL' ? ` · ${emailRecipients(i.config).join(', ')}` : ''}
            {` · Added ${formatDate(i.createdAt)}`}
            {i.lastSyncAt ? ` · Last sync ${formatDate(i.lastSyncAt)}` : ''}
          </p>
          {i.lastError ? (
            <p className="mt-1 text-xs break-words text-red-600 dark:text-red-400">
              Last error: {i.lastError}
            </p>
          ) : null}
        </div>
      </div>
      {administer ? (
        <div className="flex flex-wrap gap-2">
          {MAPPABLE_TYPES.has(i.type) ? (
            <Button variant="outline" size="sm" onClick={onMap} aria-label={`Map accounts of ${i.name}`}>
              <ListTree aria-hidden /> Map accounts
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={runTest}
            disabled={test.isPending}
            aria-label={`Test ${i.name}`}
          >
            {test.isPending ? <Spinner /> : <Plug aria-hidden />} Test
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={toggle}
            disabled={update.isPending}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${i.name}`}
          >
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />} {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={`Delete ${i.name}`}
            title="Delete"
            className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
          >
            <Trash aria-hidden />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function WebhookRow({
  webhook: w,
  onDelete,
  administer,
}: {
  webhook: Webhook;
  onDelete: () => void;
  administer: boolean;
}) {
  const status = statusOf(w.status);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-800">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <code
            className="max-w-full truncate font-mono text-sm text-slate-900 dark:text-white"
            title={w.url}
          >
            {w.url}
          </code>
          <Badge tone={status.tone}>{status.label}</Badge>
          {w.hasSecret ? <Badge tone="gray">Signed</Badge> : null}
        </p>
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Events">
          {w.events.map((e) => (
            <li key={e}>
              <Badge tone="brand" className="font-mono">
                {e}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Added {formatDate(w.createdAt)}
          {w.lastDeliveryAt
            ? ` · Last delivery ${formatDate(w.lastDeliveryAt)}${w.lastDeliveryStatus ? ` (HTTP ${w.lastDeliveryStatus})` : ''}`
            : ' · No deliveries yet'}
        </p>
        {w.disabledReason ? (
          <p className="mt-1 text-xs text-red-600 dark:text-red-400">{w.disabledReason}</p>
        ) : null}
        <WebhookDeliveryLog webhookId={w.id} />
      </div>
      {administer ? (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onDelete}
          aria-label={`Delete webhook ${w.url}`}
          title="Delete"
          className="self-end hover:bg-red-50 hover:text-red-600 sm:self-center dark:hover:bg-red-500/10 dark:hover:text-red-400"
        >
          <Trash aria-hidden />
        </Button>
      ) : null}
    </li>
  );
}

export function IntegrationsTab() {
  const integrations = useIntegrations();
  const webhooks = useWebhooks();
  const [integrationOpen, setIntegrationOpen] = useState(false);
  const [webhookOpen, setWebhookOpen] = useState(false);
  const [deletingIntegration, setDeletingIntegration] = useState<Integration | null>(null);
  const [deletingWebhook, setDeletingWebhook] = useState<Webhook | null>(null);
  const [mappingId, setMappingId] = useState<string | null>(null);
  const delIntegration = useDeleteIntegration();
  const delWebhook = useDeleteWebhook();
  const connectQuickBooks = useConnectQuickBooks();
  const { administer } = useRights();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle>Integrations</CardTitle>
            <CardDescription>Approved invoices are synced to every active integration.</CardDescription>
          </div>
          {administer ? (
            <div className="mt-2 flex flex-wrap gap-2 self-start sm:mt-0">
              <Button
                variant="outline"
                onClick={() =>
                  connectQuickBooks.mutate(undefined, {
                    onError: (e) =>
                      toast({
                        title: 'Could not connect QuickBooks',
                        description: errorDetail(e),
                        variant: 'destructive',
                      }),
                  })
                }
                disabled={connectQuickBooks.isPending}
              >
                {connectQuickBooks.isPending ? <Spinner /> : <Boxes aria-hidden />} Connect to QuickBooks
              </Button>
              <Button onClick={() => setIntegrationOpen(true)}>
                <Plus aria-hidden /> Add Integration
              </Button>
            </div>
          ) : null}
        </CardHeader>
        <CardContent>
          {integrations.isPending ? (
            <ListSkeleton />
          ) : integrations.isError ? (
            <EmptyState icon={Plug} tone="error" title="Failed to load integrations" />
          ) : integrations.data.items.length === 0 ? (
            <EmptyState
              icon={Plug}
              title="No integrations yet"
              description="Connect Make.com, Propertyware or QuickBooks to sync approved invoices automatically."
            />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
              {integrations.data.items.map((i) => (
                <IntegrationRow
                  key={i.id}
                  integration={i}
                  onDelete={() => setDeletingIntegration(i)}
                  onMap={() => setMappingId(i.id)}
                  administer={administer}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle className="flex items-center gap-2">
              <WebhookIcon className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Webhooks
            </CardTitle>
            <CardDescription>
              Get an HTTP POST to your endpoint when an invoice event happens.
            </CardDescription>
          </div>
          {administer ? (
            <Button
              variant="outline"
              onClick={() => setWebhookOpen(true)}
              className="mt-2 self-start sm:mt-0"
            >
              <Plus aria-hidden /> Add Webhook
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {webhooks.isPending ? (
            <ListSkeleton />
          ) : webhooks.isError ? (
            <EmptyState icon={WebhookIcon} tone="error" title="Failed to load webhooks" />
          ) : webhooks.data.items.length === 0 ? (
            <EmptyState
              icon={WebhookIcon}
              title="No webhooks yet"
              description="Add an endpoint to be notified when invoices are processed, approved or synced."
            />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
              {webhooks.data.items.map((w) => (
                <WebhookRow
                  key={w.id}
                  webhook={w}
                  onDelete={() => setDeletingWebhook(w)}
                  administer={administer}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <IntegrationFormDialog open={integrationOpen} onOpenChange={setIntegrationOpen} />
      <AccountMappingDialog
        integration={integrations.data?.items.find((i) => i.id === mappingId) ?? null}
        onOpenChange={(open) => {
          if (!open) setMappingId(null);
        }}
      />
      <WebhookFormDialog open={webhookOpen} onOpenChange={setWebhookOpen} />
      <ConfirmDialog
        open={deletingIntegration !== null}
        onOpenChange={(o) => !o && setDeletingIntegration(null)}
        title="Remove integration?"
        description={
          deletingIntegration
            ? `${deletingIntegration.name} will stop receiving approved invoices and its credentials will be deleted.`
            : ''
        }
        confirmLabel="Remove"
        pending={delIntegration.isPending}
        onConfirm={() =>
          deletingIntegration &&
          delIntegration.mutate(deletingIntegration.id, {
            onSuccess: () => {
              toast({ title: 'Success', description: 'Integration removed', variant: 'success' });
              setDeletingIntegration(null);
            },
            onError: (e) =>
              toast({
                title: 'Failed to delete integration',
                description: errorDetail(e),
                variant: 'destructive',
              }),
          })
        }
      />
      <ConfirmDialog
        open={deletingWebhook !== null}
        onOpenChange={(o) => !o && setDeletingWebhook(null)}
        title="Delete webhook?"
        description={deletingWebhook ? `Deliveries to ${deletingWebhook.url} will stop.` : ''}
        pending={delWebhook.isPending}
        onConfirm={() =>
          deletingWebhook &&
          delWebhook.mutate(deletingWebhook.id, {
            onSuccess: () => {
              toast({ title: 'Success', description: 'Webhook deleted', variant: 'success' });
              setDeletingWebhook(null);
            },
            onError: (e) =>
              toast({
                title: 'Failed to delete webhook',
                description: errorDetail(e),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}
