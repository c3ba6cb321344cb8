import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeUnfinishedObjects } from './emulators';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("s3rver's folder after a kill", () => {
  it('loses the objects whose metadata was never written and keeps the stored ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    dirs.push(dir);
    const folder = join(dir, 'bucket', 'uploads', 'ORG', 'INV');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'stored.pdf._S3rver_object'), '%PDF-1.7');
    writeFileSync(join(folder, 'stored.pdf._S3rver_metadata.json'), '{}');
    writeFileSync(join(folder, 'cut.pdf._S3rver_object'), '%PDF-1');

    expect(removeUnfinishedObjects(dir)).toEqual([
      join('bucket', 'uploads', 'ORG', 'INV', 'cut.pdf._S3rver_object'),
    ]);
    expect(existsSync(join(folder, 'stored.pdf._S3rver_object'))).toBe(true);
    expect(existsSync(join(folder, 'cut.pdf._S3rver_object'))).toBe(false);
  });
});
