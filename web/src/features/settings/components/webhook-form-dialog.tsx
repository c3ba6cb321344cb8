import { WEBHOOK_EVENTS, webhookInputSchema } from '@shared/schemas/entities';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCreateWebhook } from '@/features/settings/api/create-webhook';
import {
  checkedEvents,
  DEFAULT_WEBHOOK_EVENTS,
  parseEvents,
  toggleEvent,
} from '@/features/settings/lib/settings-rules';
import { errorDetail } from '@/lib/api-client';
import { ShownOnce } from './shown-once';

type Errors = Partial<Record<'url' | 'events' | 'secret', string>>;

/** A random Standard Webhooks signing secret: `whsec_` + base64 of 32 bytes. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The webhook form: url required; events as JSON array text (default `["invoice.processed"]`)
 * parsed on submit; secret optional. A checkbox per known event writes that text, so nobody has to
 * type JSON; the text stays visible and editable, and is what is parsed and sent.
 */
export function WebhookForm({ onDone }: { onDone: (generatedSecret: string | null) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState(DEFAULT_WEBHOOK_EVENTS);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const ticked = checkedEvents(events);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const parsedEvents = parseEvents(events);
    if ('error' in parsedEvents) next.events = parsedEvents.error;
    const parsed = webhookInputSchema.safeParse({
      url,
      events: 'events' in parsedEvents ? parsedEvents.events : undefined,
      secret: secret.trim() || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        if (!next[key]) next[key] = issue.message;
      }
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({ title: 'Success', description: 'Webhook created successfully', variant: 'success' });
        // The API answers the secret this once. One the server generated (none was typed) must be
        // shown, to be copied; one the person typed they already have.
        const generated =
          !parsed.data.secret && created?.secret?.startsWith('whsec_') ? created.secret : null;
        onDone(generated);
      },
      onError: (err) =>
        toast({ title: 'Failed to create webhook', description: errorDetail(err), variant: 'destructive' }),
    });
  };

  const described = (k: keyof Errors, hint?: string) => ({
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `webhook-${k}-error` : hint,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 p-5">
      <FormField id="webhook-url" label="Endpoint URL *" error={errors.url}>
        <Input
          id="webhook-url"
          type="url"
          placeholder="https://example.com/webhooks/invoices"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          {...described('url')}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-slate-100">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label
              key={name}
              className="flex items-center gap-2 font-mono text-xs text-slate-700 dark:text-slate-300"
            >
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={ticked.has(name)}
                onChange={(e) => setEvents(toggleEvent(events, name, e.target.checked))}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id="webhook-events"
        label="Events (JSON array)"
        hint="The checkboxes above write this list; it is what is sent."
        error={errors.events}
      >
        <Textarea
          id="webhook-events"
          rows={3}
          className="font-mono text-xs"
          spellCheck={false}
          value={events}
          onChange={(e) => setEvents(e.target.value)}
          {...described('events', 'webhook-events-hint')}
        />
      </FormField>
      <FormField
        id="webhook-secret"
        label="Signing Secret (optional)"
        hint="Used to sign each delivery so your endpoint can verify it came from InvoicePilot. Leave empty to have one generated."
        error={errors.secret}
      >
        <div className="flex gap-2">
          <Input
            id="webhook-secret"
            className="font-mono text-xs"
            autoComplete="off"
            spellCheck={false}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            {...described('secret', 'webhook-secret-hint')}
          />
          <Button variant="outline" onClick={() => setSecret(randomSecret())}>
            Generate
          </Button>
        </div>
      </FormField>
      <DialogFormActions pending={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Webhook'}
      </DialogFormActions>
    </form>
  );
}

/** The secret the server generated, shown once in the dialog with Copy, in place of the form. */
function GeneratedSecret({ secret }: { secret: string }) {
  return (
    <ShownOnce
      value={secret}
      what="secret"
      warning="Copy the signing secret now: it will not be shown again. Your endpoint verifies each delivery with it."
    >
      <code className="font-mono text-xs break-all text-slate-800 dark:text-slate-200">{secret}</code>
    </ShownOnce>
  );
}

export function WebhookFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const change = (o: boolean) => {
    if (!o) setSecret(null);
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={secret ? 'Webhook created' : 'Add Webhook'}
        description={secret ? 'Your signing secret' : 'Receive an HTTP POST when invoices change.'}
      >
        {!open ? null : secret ? (
          <GeneratedSecret secret={secret} />
        ) : (
          <WebhookForm onDone={(generated) => (generated ? setSecret(generated) : change(false))} />
        )}
      </DialogContent>
    </Dialog>
  );
}
