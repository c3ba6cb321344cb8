import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random key of the local runtime, kept in `<dataDir>/keys/<name>` (readable by the owner only) so it
 * survives restarts like the data it protects, and made on first use. The cloud keeps the same keys in
 * Secrets Manager.
 */
export function localKey(dataDir: string, name: string): string {
  const dir = join(dataDir, 'keys');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
