import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const biome = join('node_modules', '.bin', 'biome');

/** Probe files written where the rule applies (and where it does not), linted with the repo's biome.json. */
const probeDirs: string[] = [];
function probe(folder: string, source: string): string {
  const dir = join(folder, `layer-probe-${randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  probeDirs.push(dir);
  const file = join(dir, 'probe.ts');
  writeFileSync(file, source);
  return file;
}

async function restrictedImports(file: string): Promise<string[]> {
  const { stdout } = await run(biome, ['lint', '--reporter=json', '--max-diagnostics=50', file]).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  const report = JSON.parse(stdout) as { diagnostics: { category: string; message: unknown }[] };
  return report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => (typeof d.message === 'string' ? d.message : JSON.stringify(d.message)));
}

afterAll(() => {
  for (const dir of probeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the layer rule of functions/core (biome.json)', () => {
  const outside = [
    "import { getInvoice } from '../../../adapters/dynamodb/invoices';",
    "import { S3Client } from '@aws-sdk/client-s3';",
    "import type { Context } from 'aws-lambda';",
    "import { env } from '../../../env';",
    'export const used = [getInvoice, S3Client, env] as unknown as Context;',
  ].join('\n');

  it('refuses an adapter, the AWS SDK, Lambda types and env() in core', async () => {
    const messages = await restrictedImports(probe('functions/core/invoices', `${outside}\n`));
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('core never imports an adapter');
    expect(messages[1]).toContain('no AWS SDK');
    expect(messages[3]).toContain('no env()');
  }, 30_000);

  it('lets core import core and shared, and lets a handler import adapters', async () => {
    const clean = [
      "import { formatMoney } from '../../../../shared/format';",
      "import { ports } from '../../ports';",
      'export const used = [formatMoney, ports];',
    ].join('\n');
    expect(await restrictedImports(probe('functions/core/invoices', `${clean}\n`))).toEqual([]);
    expect(await restrictedImports(probe('functions/api/invoices', `${outside}\n`))).toEqual([]);
  }, 30_000);
});
