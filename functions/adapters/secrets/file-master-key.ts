import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { EncryptionContext, MasterKey } from './envelope';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Creates the local master key file (32 random bytes, readable by its owner only) unless it exists. The
 * local runtime calls this at start; losing the file makes the stored secrets unreadable, like deleting a
 * KMS key would.
 */
export function ensureKeyFile(path: string): void {
  try {
    writeFileSync(path, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (statSync(path).size !== KEY_BYTES) throw new Error(`${path} is not a ${KEY_BYTES}-byte key file`);
    chmodSync(path, 0o600);
  }
}

/**
 * The local master key: the same envelope as KMS, with the data key wrapped by AES-256-GCM under the key
 * in `path` and the encryption context as associated data (a wrapped key opens only in its organization).
 */
export function fileMasterKey(path: string): MasterKey {
  let master: Buffer | undefined;
  const key = () => {
    master ??= readFileSync(path);
    if (master.length !== KEY_BYTES) throw new Error(`${path} is not a ${KEY_BYTES}-byte key file`);
    return master;
  };
  const aad = (context: EncryptionContext) =>
    Buffer.from(JSON.stringify({ organizationId: context.organizationId }));
  return {
    async generateDataKey(context) {
      const plaintext = randomBytes(KEY_BYTES);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      cipher.setAAD(aad(context));
      const wrapped = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      return { plaintext, wrapped };
    },
    async unwrapDataKey(wrapped, context) {
      const bytes = Buffer.from(wrapped);
      const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(aad(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}
