import type { Invoice } from '@shared/schemas/invoice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type SelectedInvoice, selectedOf } from '../api/bulk-actions';

/**
 * The invoices selected on the Invoices page for a bulk action, kept across its pages and forgotten when
 * the filters change (`scope`): what was selected under one filter is not what the next one lists.
 * Each keeps the version the person saw, so the server skips one changed since.
 */
export function useInvoiceSelection(scope: string) {
  const [selection, setSelection] = useState<ReadonlyMap<string, SelectedInvoice>>(() => new Map());
  /** The invoice clicked last: a shift-click selects from it to the one clicked. */
  const anchor = useRef<string | null>(null);

  const clear = useCallback(() => {
    setSelection(new Map());
    anchor.current = null;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is what clears the selection
  useEffect(clear, [scope, clear]);

  /**
   * Selects or unselects one invoice of `page`; with `range`, every invoice between the last one clicked
   * and this one takes this one's new state, as in a mail client.
   */
  const toggle = (invoice: Invoice, page: readonly Invoice[], range = false) => {
    // Read now: React may run the updater after the anchor has moved to this invoice.
    const last = range ? anchor.current : null;
    setSelection((before) => {
      const next = new Map(before);
      const select = !before.has(invoice.id);
      const from = last ? page.findIndex((i) => i.id === last) : -1;
      const to = page.findIndex((i) => i.id === invoice.id);
      const span = from >= 0 && to >= 0 ? page.slice(Math.min(from, to), Math.max(from, to) + 1) : [invoice];
      for (const one of span) {
        if (select) next.set(one.id, selectedOf(one));
        else next.delete(one.id);
      }
      return next;
    });
    anchor.current = invoice.id;
  };

  /** Selects every invoice of the page, or unselects them when all are selected already. */
  const togglePage = (page: readonly Invoice[]) => {
    setSelection((before) => {
      const next = new Map(before);
      const all = page.every((i) => before.has(i.id));
      for (const invoice of page) {
        if (all) next.delete(invoice.id);
        else next.set(invoice.id, selectedOf(invoice));
      }
      return next;
    });
  };

  return { selection, toggle, togglePage, replace: setSelection, clear };
}
