import { env } from '../../env';
import { isSealed, type MasterKey, open, seal } from './envelope';
import { fileMasterKey } from './file-master-key';
import { kmsMasterKey } from './kms-master-key';

export { isSealed } from './envelope';
export { ensureKeyFile } from './file-master-key';

let cached: { config: string; master: MasterKey } | undefined;

/** The master key of this runtime: KMS when SECRETS_KMS_KEY_ID is set (cloud), else SECRETS_KEY_FILE (local). */
function masterKey(): MasterKey {
  const { SECRETS_KMS_KEY_ID: keyId, SECRETS_KEY_FILE: keyFile } = env();
  const config = `${keyId}|${keyFile}`;
  if (cached?.config !== config) {
    if (keyId) cached = { config, master: kmsMasterKey(keyId) };
    else if (keyFile) cached = { config, master: fileMasterKey(keyFile) };
    else
      throw new Error(
        'No master key for secrets: set SECRETS_KMS_KEY_ID (cloud) or SECRETS_KEY_FILE (local)',
      );
  }
  return cached.master;
}

/**
 * Seals a secret of an organization for storage (envelope encryption, see envelope.ts). Needs the
 * encrypt grant (kms:GenerateDataKey); a value that is already sealed is returned as it is.
 */
export async function sealSecret(orgId: string, value: string): Promise<string> {
  return isSealed(value) ? value : seal(masterKey(), { organizationId: orgId }, value);
}

/**
 * The clear value of a stored secret, for the functions that send it (kms:Decrypt). A clear value stored
 * before encryption existed is returned as it is, so a legacy item keeps working until it is rewritten.
 */
export async function openSecret(orgId: string, stored: string): Promise<string> {
  return isSealed(stored) ? open(masterKey(), { organizationId: orgId }, stored) : stored;
}

/** `record` with the named fields sealed (fields absent stay absent). */
export async function sealFields(
  orgId: string,
  record: Record<string, string>,
  fields: readonly string[],
): Promise<Record<string, string>> {
  const out = { ...record };
  for (const field of fields) if (out[field] !== undefined) out[field] = await sealSecret(orgId, out[field]);
  return out;
}

/** `record` with the named fields opened. */
export async function openFields(
  orgId: string,
  record: Record<string, string>,
  fields: readonly string[],
): Promise<Record<string, string>> {
  const out = { ...record };
  for (const field of fields) if (out[field] !== undefined) out[field] = await openSecret(orgId, out[field]);
  return out;
}
