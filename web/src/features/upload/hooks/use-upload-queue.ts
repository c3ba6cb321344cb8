import { DETAIL_POLL_INTERVAL_MS } from '@shared/constants';
import type { Invoice } from '@shared/schemas/invoice';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fileProblem,
  getInvoice,
  invalidateInvoices,
  invoiceQueryKey,
  isInFlight,
  uploadInvoiceFile,
} from '@/features/invoices';

export type QueueStatus = 'pending' | 'uploading' | 'processing' | 'success' | 'error';

export interface QueueItem {
  id: string;
  file: File;
  status: QueueStatus;
  /** Upload progress of the bytes, 0..100. */
  uploadProgress: number;
  invoiceId: string | null;
  invoice: Invoice | null;
  error: string | null;
  /** The error came from the client-side check (nothing was sent). */
  rejected: boolean;
}

export interface UploadQueueCallbacks {
  onUploaded?: (item: QueueItem) => void;
  onProcessed?: (item: QueueItem, invoice: Invoice) => void;
  onError?: (item: QueueItem, error: unknown) => void;
  onRejected?: (item: QueueItem) => void;
  /** The text a failed row shows; the error's message by default. */
  errorText?: (error: unknown) => string;
}

let seq = 0;
const newId = () => `u${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * Uploads files (two at a time) with real progress, then follows each invoice through processing
 * by polling it every 2 s until it leaves UPLOADED/PROCESSING.
 */
export function useUploadQueue(callbacks: UploadQueueCallbacks = {}, concurrency = 2) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueueItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const cb = useRef(callbacks);
  cb.current = callbacks;
  const started = useRef(new Set<string>());

  const patch = useCallback((id: string, change: Partial<QueueItem>) => {
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it)));
  }, []);

  const addFiles = useCallback((files: Iterable<File>) => {
    const added: QueueItem[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      const item: QueueItem = {
        id: newId(),
        file,
        status: problem ? 'error' : 'pending',
        uploadProgress: 0,
        invoiceId: null,
        invoice: null,
        error: problem,
        rejected: Boolean(problem),
      };
      added.push(item);
      if (problem) cb.current.onRejected?.(item);
    }
    setItems((list) => [...added, ...list]);
    return added;
  }, []);

  /** Clears the list entry only: an upload in flight carries on and its invoice is kept. */
  const remove = useCallback((id: string) => {
    setItems((list) => list.filter((it) => it.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((list) => list.filter((it) => it.status !== 'success' && it.status !== 'error'));
  }, []);

  // Start pending uploads while there is a free slot.
  useEffect(() => {
    const active = items.filter((it) => it.status === 'uploading').length;
    const next = items.filter((it) => it.status === 'pending' && !started.current.has(it.id)).reverse();
    for (const item of next.slice(0, Math.max(0, concurrency - active))) {
      started.current.add(item.id);
      patch(item.id, { status: 'uploading', uploadProgress: 0 });
      uploadInvoiceFile(item.file, (p) => patch(item.id, { uploadProgress: p }))
        .then(({ invoiceId }) => {
          const done = { ...item, status: 'processing' as const, uploadProgress: 100, invoiceId };
          patch(item.id, { status: 'processing', uploadProgress: 100, invoiceId });
          void invalidateInvoices(queryClient);
          cb.current.onUploaded?.(done);
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          const message = cb.current.errorText?.(err) ?? (err instanceof Error ? err.message : String(err));
          patch(item.id, { status: 'error', uploadProgress: 0, error: message });
          cb.current.onError?.(item, err);
        });
    }
  }, [items, concurrency, patch, queryClient]);

  // Follow uploaded invoices through processing.
  const processingIds = items
    .filter((it) => it.status === 'processing' && it.invoiceId)
    .map((it) => it.id)
    .join(',');
  useEffect(() => {
    if (!processingIds) return;
    const timer = setInterval(() => {
      for (const item of itemsRef.current) {
        if (item.status !== 'processing' || !item.invoiceId) continue;
        getInvoice(item.invoiceId).then(
          (invoice) => {
            queryClient.setQueryData(invoiceQueryKey(invoice.id), invoice);
            if (isInFlight(invoice.status)) {
              patch(item.id, { invoice });
              return;
            }
            const current = itemsRef.current.find((it) => it.id === item.id);
            if (current?.status !== 'processing') return;
            patch(item.id, { invoice, status: 'success' });
            void invalidateInvoices(queryClient);
            cb.current.onProcessed?.({ ...current, invoice, status: 'success' }, invoice);
          },
          () => {
            // Transient: try again on the next tick.
          },
        );
      }
    }, DETAIL_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [processingIds, patch, queryClient]);

  return { items, addFiles, remove, clearFinished };
}
