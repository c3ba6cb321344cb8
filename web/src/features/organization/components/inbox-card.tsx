import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/features/organization/api/get-organization';
import { useRegenerateInbox, useSetInboxSenders } from '@/features/organization/api/inbox';
import { errorDetail } from '@/lib/api-client';

/** The allowlist as typed: one sender per line (commas and spaces also separate). */
export const parseSenders = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * The organization's invoice inbox: its address to copy, and for administrators (`manage`) a way to
 * regenerate it and the sender allowlist.
 */
export function InboxCard({ manage = false }: { manage?: boolean }) {
  const { data: org, isPending, isError } = useOrganization();
  const address = org?.inboxAddress ?? null;
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Invoice Inbox
        </CardTitle>
        <CardDescription>
          E-mail invoices to this address: each PDF, JPEG, PNG or TIFF attachment becomes one invoice.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : isError || !address ? (
          <p className="text-sm text-red-600 dark:text-red-400">Failed to load the inbox address</p>
        ) : (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <output
              className="min-w-0 font-mono break-all rounded-md bg-slate-100 px-2 py-1.5 text-sm text-slate-900 dark:bg-slate-800 dark:text-white"
              aria-label="Inbox address"
            >
              {address}
            </output>
            <CopyButton value={address} label="Copy address" />
          </div>
        )}
        {manage && org && address ? (
          <InboxManagement key={org.updatedAt} senders={org.inboxAllowedSenders} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function InboxManagement({ senders }: { senders: string[] }) {
  const regenerate = useRegenerateInbox();
  const save = useSetInboxSenders();
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(senders.join('\n'));
  const fieldId = useId();
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorDetail(error), variant: 'destructive' });

  return (
    <>
      <div className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-900 dark:text-white">
          Allowed senders
        </label>
        <Textarea
          id={fieldId}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'billing@vendor.com\nvendor.com'}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          One address or domain per line. Leave empty to accept invoices from any sender.
        </p>
        <div>
          <Button
            size="sm"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(parseSenders(text), {
                onSuccess: () => toast({ title: 'Allowed senders saved', variant: 'success' }),
                onError: failed('Failed to save allowed senders'),
              })
            }
          >
            Save Senders
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4 dark:border-slate-800">
        {confirming ? (
          <>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              The current address stops working. Continue?
            </span>
            <Button
              size="sm"
              variant="destructive"
              disabled={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: 'Inbox address regenerated', variant: 'success' });
                  },
                  onError: failed('Failed to regenerate the inbox address'),
                })
              }
            >
              Regenerate
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Regenerate Address
          </Button>
        )}
      </div>
    </>
  );
}
