/**
 * URL search params of the routes, validated by hand (no schema library in the landing chunk).
 */
import type { InvoiceStatus, ProcessingStatus } from '@shared/schemas/invoice';

const INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'UPLOADED',
  'PROCESSING',
  'PROCESSED',
  'REVIEW_REQUIRED',
  'APPROVED',
  'REJECTED',
];
const PROCESSING_STATUSES: readonly ProcessingStatus[] = ['processed', 'processing', 'review_needed'];
const PLANS = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
const AUTH_MODES = ['signIn', 'signUp', 'signedOut'] as const;
export const DAY_OPTIONS = [7, 30, 90] as const;
export type Days = (typeof DAY_OPTIONS)[number];
export const DEFAULT_DAYS: Days = 30;

export interface HomeSearch {
  /** Landing: open the sign-in / sign-up form, or finish a sign-out. */
  auth?: (typeof AUTH_MODES)[number];
  plan?: (typeof PLANS)[number];
  /** Dashboard table filters and page. */
  q?: string;
  status?: InvoiceStatus;
  days?: Days;
  page?: number;
  /** Invoice id whose detail dialog is open. */
  invoice?: string;
}

/** Vendors and Properties: the search text and the page. */
export interface ListSearch {
  q?: string;
  page?: number;
}

export interface InvoicesSearch {
  q?: string;
  filter?: ProcessingStatus;
  /** 'Waiting for me': invoices whose next approval the signed-in person may give. */
  waitingFor?: 'me';
  page?: number;
  invoice?: string;
}

function oneOf<T extends string | number>(list: readonly T[], value: unknown): T | undefined {
  return list.includes(value as T) ? (value as T) : undefined;
}

function text(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.slice(0, max) : undefined;
}

function page(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n < 10_000 ? n : undefined;
}

export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  return {
    auth: oneOf(AUTH_MODES, search.auth),
    plan: oneOf(PLANS, typeof search.plan === 'string' ? search.plan.toUpperCase() : search.plan),
    q: text(search.q),
    status: oneOf(INVOICE_STATUSES, search.status),
    days: oneOf(DAY_OPTIONS, Number(search.days)),
    page: page(search.page),
    invoice: text(search.invoice, 64),
  };
}

export function validateInvoicesSearch(search: Record<string, unknown>): InvoicesSearch {
  return {
    q: text(search.q),
    filter: oneOf(PROCESSING_STATUSES, search.filter),
    waitingFor: oneOf(['me'] as const, search.waitingFor),
    page: page(search.page),
    invoice: text(search.invoice, 64),
  };
}

export function validateListSearch(search: Record<string, unknown>): ListSearch {
  return { q: text(search.q), page: page(search.page) };
}
