/**
 * Pure pieces of `npm run eval:learning` (eval-learning.ts): which corpus documents recur per seller,
 * and what a reviewer approves of one when it is corrected to its labels.
 */
import type { ExtractedInvoice } from '../../functions/core/extraction/types';
import {
  type ApprovedValues,
  approvedValuesOf,
  MEMORY_FIELDS,
  unreconciled,
} from '../../functions/core/vendors/memory';
import { sellerKey } from './corpus';

/**
 * The documents of every seller with at least two, by seller (the labels' seller name, normalised as
 * the folds group it), sellers and their documents in a stable order (by key, then by path).
 */
export function recurringSellers<T extends { path: string; label: Record<string, unknown> }>(
  docs: T[],
): Array<[seller: string, docs: T[]]> {
  const bySeller = new Map<string, T[]>();
  for (const d of docs) {
    const key = sellerKey(d.label.vendorName);
    if (!key) continue;
    bySeller.set(key, [...(bySeller.get(key) ?? []), d]);
  }
  return [...bySeller]
    .filter(([, list]) => list.length >= 2)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => [key, [...list].sort((a, b) => a.path.localeCompare(b.path))]);
}

/**
 * What a person approves after correcting the reading to the labels: a field the label states (one of
 * its `labelledFields`, null there meaning the invoice has none) takes the label's value; a field the
 * labels say nothing of keeps the reading's value, as a reviewer leaves a field they were not asked
 * to fix. Except the subtotal and tax when the labels leave them out (receipts label the total only):
 * the review screen says when subtotal plus tax is not the total, so a reviewer does not approve them
 * as read then; not knowing what the page prints, this one clears them (the product learns nothing of
 * a cleared field).
 */
export function approvedFromLabels(
  label: Record<string, unknown>,
  reading: Partial<Record<keyof typeof MEMORY_FIELDS, unknown>> | ExtractedInvoice,
): ApprovedValues {
  const labelled = new Set(Array.isArray(label.labelledFields) ? (label.labelledFields as string[]) : []);
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(MEMORY_FIELDS) as Array<keyof typeof MEMORY_FIELDS>) {
    values[field] = labelled.has(field)
      ? (label[field] ?? null)
      : (reading as Record<string, unknown>)[field];
  }
  const approved = approvedValuesOf(values);
  for (const field of unreconciled(approved)) if (!labelled.has(field)) approved[field] = null;
  return approved;
}
