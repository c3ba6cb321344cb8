import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { isSealed, open, seal } from './envelope';
import { ensureKeyFile, fileMasterKey } from './file-master-key';
import { kmsMasterKey } from './kms-master-key';

const dir = mkdtempSync(join(tmpdir(), 'secrets-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local key file', () => {
  it('is created once, 32 bytes, readable by its owner only', () => {
    const path = join(dir, 'created.key');
    ensureKeyFile(path);
    const first = readFileSync(path);
    ensureKeyFile(path);
    expect(first.length).toBe(32);
    expect(readFileSync(path).equals(first)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('envelope encryption with the file master key', () => {
  const path = join(dir, 'master.key');
  ensureKeyFile(path);
  const master = fileMasterKey(path);
  const acme = { organizationId: 'ORG_ACME' };

  it('round-trips, with a fresh data key and IV per value and no clear text in the sealed form', async () => {
    const a = await seal(master, acme, 'correct-horse-battery');
    const b = await seal(master, acme, 'correct-horse-battery');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct-horse');
    expect(Buffer.from(a.split(':')[4], 'base64url').toString('latin1')).not.toContain('correct-horse');
    expect(await open(master, acme, a)).toBe('correct-horse-battery');
  });

  it('does not open in another organization, nor after any change', async () => {
    const sealed = await seal(master, acme, 'sk_live_0123456789');
    await expect(open(master, { organizationId: 'ORG_OTHER' }, sealed)).rejects.toThrow();
    const parts = sealed.split(':');
    const data = Buffer.from(parts[4], 'base64url');
    data[0] ^= 1;
    parts[4] = data.toString('base64url');
    await expect(open(master, acme, parts.join(':'))).rejects.toThrow();
  });

  it('does not open under another master key', async () => {
    const other = join(dir, 'other.key');
    ensureKeyFile(other);
    const sealed = await seal(master, acme, 'secret');
    await expect(open(fileMasterKey(other), acme, sealed)).rejects.toThrow();
  });
});

describe('the KMS master key', () => {
  const kms = mockClient(KMSClient);
  const KEY = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  beforeEach(() => kms.reset());

  it('asks KMS for an AES-256 data key and decrypts it with the organization id as encryption context', async () => {
    const dataKey = randomBytes(32);
    const wrapped = randomBytes(184);
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: wrapped });
    kms.on(DecryptCommand).resolves({ Plaintext: new Uint8Array(dataKey) });
    const master = kmsMasterKey(KEY, new KMSClient({ region: 'eu-west-1' }));

    const sealed = await seal(master, { organizationId: 'ORG_ACME' }, 'pw-123456');
    expect(await open(master, { organizationId: 'ORG_ACME' }, sealed)).toBe('pw-123456');

    expect(kms.commandCalls(GenerateDataKeyCommand).map((c) => c.args[0].input)).toEqual([
      { KeyId: KEY, KeySpec: 'AES_256', EncryptionContext: { organizationId: 'ORG_ACME' } },
    ]);
    const decrypt = kms.commandCalls(DecryptCommand).map((c) => c.args[0].input);
    expect(decrypt).toHaveLength(1);
    expect(decrypt[0].KeyId).toBe(KEY);
    expect(decrypt[0].EncryptionContext).toEqual({ organizationId: 'ORG_ACME' });
    expect(Buffer.from(decrypt[0].CiphertextBlob as Uint8Array).equals(wrapped)).toBe(true);
  });

  it('fails when KMS refuses (e.g. a function without the decrypt grant)', async () => {
    kms
      .on(GenerateDataKeyCommand)
      .resolves({ Plaintext: new Uint8Array(randomBytes(32)), CiphertextBlob: randomBytes(184) });
    kms
      .on(DecryptCommand)
      .rejects(Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' }));
    const master = kmsMasterKey(KEY, new KMSClient({ region: 'eu-west-1' }));
    const sealed = await seal(master, { organizationId: 'ORG_ACME' }, 'pw');
    await expect(open(master, { organizationId: 'ORG_ACME' }, sealed)).rejects.toThrow('not authorized');
  });
});
