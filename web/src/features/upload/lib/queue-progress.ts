import type { QueueItem } from '@/features/upload/hooks/use-upload-queue';

const STAGE_PROGRESS: Record<string, number> = {
  QUEUED: 50,
  INSPECTING: 55,
  EXTRACTING: 65,
  NORMALIZING: 75,
  CLASSIFYING: 82,
  VALIDATING: 88,
  DECIDING: 94,
};

/**
 * Overall progress of a queue item: uploading fills 0-50% with the bytes sent, processing starts
 * at 50% (the server has the file) and advances with the pipeline stage, success is 100%, error 0%.
 */
export function queueProgress(item: Pick<QueueItem, 'status' | 'uploadProgress' | 'invoice'>): number {
  switch (item.status) {
    case 'pending':
      return 0;
    case 'uploading':
      return Math.round(item.uploadProgress / 2);
    case 'processing':
      return STAGE_PROGRESS[item.invoice?.processingStage ?? 'QUEUED'] ?? 50;
    case 'success':
      return 100;
    case 'error':
      return 0;
  }
}

export const QUEUE_STATUS_LABELS: Record<QueueItem['status'], string> = {
  pending: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing',
  success: 'Complete',
  error: 'Failed',
};

/** A queue item can be removed unless it is uploading or processing. */
export function canRemove(item: Pick<QueueItem, 'status'>): boolean {
  return item.status !== 'uploading' && item.status !== 'processing';
}
