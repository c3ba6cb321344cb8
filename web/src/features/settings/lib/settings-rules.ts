import { API_KEY_VISIBLE_PREFIX } from '@shared/constants';
import { formatDate, maskApiKey } from '@shared/format';
import { WEBHOOK_EVENTS } from '@shared/schemas/entities';

export const DEFAULT_WEBHOOK_EVENTS = '["invoice.processed"]';

/**
 * The webhook form's events field is JSON array text (spec section 5), parsed on submit.
 * Answers the list, or the message to show under the field.
 */
export function parseEvents(text: string): { events: string[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'Events must be a JSON array, e.g. ["invoice.processed"]' };
  }
  if (!Array.isArray(value) || value.some((e) => typeof e !== 'string')) {
    return { error: 'Events must be a JSON array of event names' };
  }
  return { events: value as string[] };
}

/** The events the text names, which the form's checkboxes show; none while it is no JSON array. */
export function checkedEvents(text: string): ReadonlySet<string> {
  const parsed = parseEvents(text);
  return new Set('events' in parsed ? parsed.events : []);
}

/**
 * The events text after a checkbox was ticked or cleared: the known events in their listed order, then
 * any other names typed into the text, kept as typed. Text that is no JSON array is replaced.
 */
export function toggleEvent(text: string, event: string, on: boolean): string {
  const current = checkedEvents(text);
  const next = new Set(current);
  if (on) next.add(event);
  else next.delete(event);
  const known: readonly string[] = WEBHOOK_EVENTS;
  const ordered = [...known.filter((e) => next.has(e)), ...[...next].filter((e) => !known.includes(e))];
  return JSON.stringify(ordered);
}

/** How a key is shown: the first 8 characters and '...', or the whole key once revealed. */
export function displayedKey(key: string, revealed: boolean): string {
  return revealed && key.length > API_KEY_VISIBLE_PREFIX ? key : maskApiKey(key);
}

/** Quick Stats' last activity: 'Today', 'Yesterday', a date, or 'No activity yet'. */
export function lastActivityLabel(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'No activity yet';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'No activity yet';
  const day = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const diff = Math.round((day(now) - day(d)) / 86_400_000);
  if (diff <= 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return formatDate(value);
}

export const INTEGRATION_TYPE_LABELS = {
  MAKE_COM: 'Make.com',
  PROPERTYWARE: 'Propertyware',
  QUICKBOOKS: 'QuickBooks',
  EMAIL: 'E-mail',
} as const;

export const INTEGRATION_TYPE_HINTS = {
  MAKE_COM: 'Send approved invoices to a Make.com scenario through its webhook.',
  PROPERTYWARE: 'Sync approved invoices as bills into your Propertyware account.',
  QUICKBOOKS: 'Create bills in QuickBooks Online for approved invoices.',
  EMAIL: 'E-mail each approved invoice, its summary and file, to the addresses you list.',
} as const;
