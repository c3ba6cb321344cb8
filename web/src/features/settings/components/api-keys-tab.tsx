import { formatDate } from '@shared/format';
import type { ApiKey } from '@shared/schemas/entities';
import { BookOpen, Eye, EyeOff, KeyRound, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useCreateApiKey } from '@/features/settings/api/create-api-key';
import { useDeleteApiKey } from '@/features/settings/api/delete-api-key';
import { useApiKeys } from '@/features/settings/api/get-api-keys';
import { displayedKey } from '@/features/settings/lib/settings-rules';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';
import { PromptDialog } from './prompt-dialog';
import { ShownOnce } from './shown-once';

/** A key, masked to its first 8 characters plus '...' until revealed. */
export function KeyText({ value, label }: { value: string; label: string }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="min-w-0 font-mono text-xs break-all text-slate-800 dark:text-slate-200">
        {displayedKey(value, revealed)}
      </code>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-pressed={revealed}
        aria-label={revealed ? `Hide ${label}` : `Reveal ${label}`}
        title={revealed ? 'Hide' : 'Reveal'}
        onClick={() => setRevealed((r) => !r)}
      >
        {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </span>
  );
}

function NewKeyDialog({ created, onClose }: { created: ApiKey | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="API key created" description="Copy your key now: it will not be shown again.">
        {created ? (
          <ShownOnce
            value={created.key}
            what="key"
            warning="For your security only the first 8 characters are kept. Store the key in a secret manager."
          >
            <p className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{created.name}</p>
            <KeyText value={created.key} label="new API key" />
          </ShownOnce>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const ENDPOINTS = [
  { method: 'GET', path: '/api/invoices', text: 'List invoices (query: status, search, cursor, limit)' },
  { method: 'POST', path: '/api/upload', text: 'Upload an invoice file (multipart, field "file")' },
  { method: 'GET', path: '/api/vendors', text: 'List vendors with their invoice totals' },
] as const;

function ApiDocs() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> API Documentation
        </CardTitle>
        <CardDescription>
          Authenticate every request with one of your API keys as a bearer token.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Authentication header</p>
          <pre className="overflow-x-auto rounded-lg bg-slate-950 px-4 py-3 font-mono text-xs text-slate-100 dark:bg-black/40">
            Authorization: Bearer YOUR_API_KEY
          </pre>
        </div>
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Endpoints</p>
          <ul className="grid gap-2">
            {ENDPOINTS.map((e) => (
              <li
                key={`${e.method} ${e.path}`}
                className="flex flex-col gap-1 rounded-lg border border-slate-200 px-3 py-2 sm:flex-row sm:items-center sm:gap-3 dark:border-slate-800"
              >
                <code className="font-mono text-xs font-semibold whitespace-nowrap text-slate-900 dark:text-white">
                  <span
                    className={
                      e.method === 'GET'
                        ? 'text-emerald-700 dark:text-emerald-400'
                        : 'text-blue-600 dark:text-blue-400'
                    }
                  >
                    {e.method}
                  </span>{' '}
                  {e.path}
                </code>
                <span className="text-xs text-slate-500 dark:text-slate-400">{e.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          The full reference is in the{' '}
          <a
            href="/api/openapi.json"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            OpenAPI document
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}

export function ApiKeysTab() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const del = useDeleteApiKey();
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<ApiKey | null>(null);
  /** Full keys created in this visit, so they can still be revealed in the list until the page is left. */
  const [fullKeys, setFullKeys] = useState<Record<string, string>>({});
  // Everyone sees the keys' prefixes; only administrators create and delete them.
  const { administer } = useRights();

  const onName = (name: string) => {
    setAsking(false);
    create.mutate(name, {
      onSuccess: (key) => {
        setFullKeys((m) => ({ ...m, [key.id]: key.key }));
        setCreated(key);
      },
      onError: (e) =>
        toast({ title: 'Failed to create API key', description: errorDetail(e), variant: 'destructive' }),
    });
  };
  const onDelete = (k: ApiKey) =>
    del.mutate(k.id, {
      onSuccess: () =>
        toast({ title: 'Success', description: `API key "${k.name}" deleted`, variant: 'success' }),
      onError: (e) =>
        toast({ title: 'Failed to delete API key', description: errorDetail(e), variant: 'destructive' }),
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card className="relative overflow-hidden">
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle>API Keys</CardTitle>
            <CardDescription>
              {administer
                ? 'Keys let your own systems call the InvoicePilot API.'
                : 'Keys let your own systems call the InvoicePilot API. Only an administrator can create or delete them.'}
            </CardDescription>
          </div>
          {administer ? (
            <Button
              onClick={() => setAsking(true)}
              disabled={create.isPending}
              className="mt-2 self-start sm:mt-0"
            >
              {create.isPending ? <Spinner /> : <Plus aria-hidden />} Create API Key
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="px-0 pb-0">
          {keys.isPending ? (
            <div className="grid gap-3 px-5 pb-5" aria-hidden>
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : keys.isError ? (
            <EmptyState icon={KeyRound} tone="error" title="Failed to load API keys" />
          ) : keys.data.items.length === 0 ? (
            <EmptyState
              icon={KeyRound}
              title="No API keys yet"
              description="Create a key to upload invoices or read data from your own scripts and systems."
            />
          ) : (
            <Table>
              <caption className="sr-only">API keys</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Key</TableHead>
                  <TableHead className="hidden lg:table-cell">Scopes</TableHead>
                  <TableHead className="hidden md:table-cell">Created</TableHead>
                  <TableHead className="hidden md:table-cell">Last Used</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {keys.data.items.map((k) => (
                  <TableRow key={k.id}>
                    <TableCell className="max-w-40 truncate font-medium text-slate-900 dark:text-white">
                      {k.name}
                    </TableCell>
                    <TableCell>
                      {fullKeys[k.id] ? (
                        <KeyText value={fullKeys[k.id]} label={`key ${k.name}`} />
                      ) : (
                        <code
                          className="font-mono text-xs text-slate-800 dark:text-slate-200"
                          title="The full key is only shown once, when it is created"
                        >
                          {displayedKey(k.key, false)}
                        </code>
                      )}
                    </TableCell>
                    <TableCell className="hidden text-xs text-slate-600 lg:table-cell dark:text-slate-300">
                      {k.scopes.join(', ')}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-slate-600 md:table-cell dark:text-slate-300">
                      {formatDate(k.createdAt)}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-slate-600 md:table-cell dark:text-slate-300">
                      {k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never'}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <Badge tone={k.isActive ? 'green' : 'gray'}>{k.isActive ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {administer ? (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Delete API key ${k.name}`}
                          title="Delete"
                          disabled={del.isPending && del.variables === k.id}
                          onClick={() => onDelete(k)}
                          className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                        >
                          {del.isPending && del.variables === k.id ? <Spinner /> : <Trash aria-hidden />}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <ApiDocs />
      <PromptDialog
        open={asking}
        title="Create API Key"
        description="Give the key a name so you can recognise it later."
        label="Key name"
        placeholder="e.g. Accounting export"
        confirmLabel="Create Key"
        onAnswer={onName}
        onCancel={() => setAsking(false)}
      />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
