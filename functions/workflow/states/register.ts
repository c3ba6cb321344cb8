import { coreHandler } from '../../adapters/handler';
import { parseObjectKey } from '../../adapters/s3/storage';
import { registerStoredFile } from '../../core/invoices/upload';
import type { ExecutionInput, WorkflowContext } from '../types';

/** Object keys as events spell them: S3 notifications URL-encode them, s3rver does not. */
function keyVariants(objectKey: string): string[] {
  let decoded = objectKey;
  try {
    decoded = decodeURIComponent(objectKey.replace(/\+/g, ' '));
  } catch {
    // Not URL-encoded after all (a literal % in the name): the raw key is the only spelling.
  }
  return [...new Set([objectKey, decoded])];
}

/**
 * Register: makes sure the stored object has its invoice (core/invoices/upload.ts); an object under
 * uploads/ with none is deleted and the run ends unregistered.
 */
export const handler = coreHandler(async function registerState(
  input: ExecutionInput,
): Promise<WorkflowContext> {
  const parsed = parseObjectKey(input.objectKey);
  const base = {
    bucket: input.bucket,
    objectKey: input.objectKey,
    orgId: '',
    invoiceId: '',
    registered: false,
  };
  if (!parsed) return base;
  const { orgId, invoiceId } = parsed;
  const objectKey = await registerStoredFile(orgId, invoiceId, keyVariants(input.objectKey));
  if (objectKey === null) return { ...base, orgId, invoiceId };
  return { ...base, orgId, invoiceId, objectKey, registered: true };
});
