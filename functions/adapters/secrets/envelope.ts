import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Binds a sealed secret to its organization: a secret copied into another tenant's item does not open. */
export interface EncryptionContext {
  organizationId: string;
}

/**
 * The master key that wraps per-secret data keys: a customer-managed KMS key in the cloud, a key file in
 * DATA_DIR locally. Both bind the wrapped key to the encryption context.
 */
export interface MasterKey {
  /** A fresh 256-bit data key, in clear (to encrypt with, then forget) and wrapped (to store). */
  generateDataKey(context: EncryptionContext): Promise<{ plaintext: Uint8Array; wrapped: Uint8Array }>;
  /** The clear data key of a wrapped one; fails if the context is not the one it was wrapped with. */
  unwrapDataKey(wrapped: Uint8Array, context: EncryptionContext): Promise<Uint8Array>;
}

/** Sealed values are one string: `enc:v1:<wrapped data key>:<iv>:<ciphertext and GCM tag>`, base64url parts. */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a stored value is sealed (anything else is a clear value written before encryption existed). */
export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

const aad = (context: EncryptionContext) => Buffer.from(`organizationId=${context.organizationId}`);

/** Envelope encryption: a new data key per value (AES-256-GCM, the organization id as associated data). */
export async function seal(
  master: MasterKey,
  context: EncryptionContext,
  plaintext: string,
): Promise<string> {
  const key = await master.generateDataKey(context);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.plaintext, iv);
  cipher.setAAD(aad(context));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  key.plaintext.fill(0);
  return PREFIX + [key.wrapped, iv, data].map((b) => Buffer.from(b).toString('base64url')).join(':');
}

/** The clear text of a sealed value; throws if it was altered or belongs to another organization. */
export async function open(master: MasterKey, context: EncryptionContext, sealed: string): Promise<string> {
  const parts = sealed.slice(PREFIX.length).split(':');
  if (!isSealed(sealed) || parts.length !== 3) throw new Error('Not a sealed secret');
  const [wrapped, iv, data] = parts.map((p) => Buffer.from(p, 'base64url'));
  const key = await master.unwrapDataKey(wrapped, context);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad(context));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  const clear = Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
  key.fill(0);
  return clear.toString('utf8');
}
