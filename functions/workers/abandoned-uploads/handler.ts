import { coreHandler } from '../../adapters/handler';
import { logger } from '../../adapters/observability/logger';
import { sweepAbandonedUploads, UPLOAD_GRACE_MS } from '../../core/invoices/abandoned-upload';

/**
 * Runs on an EventBridge schedule: settles the API uploads whose file never arrived (the server died
 * between creating the invoice and storing the file), once they are older than any request can be.
 * Locally the workflow runner does the same when it starts.
 */
export const handler = coreHandler(async function abandonedUploads(): Promise<{
  settled: number;
  checked: number;
}> {
  const result = await sweepAbandonedUploads(new Date(Date.now() - UPLOAD_GRACE_MS));
  logger.info('Swept pending uploads', result);
  return result;
});
