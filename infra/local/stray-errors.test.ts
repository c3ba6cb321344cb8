import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('keepServingThroughStrayErrors', () => {
  it('logs a stray rejection and a throw in a timer, and the process runs on', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'stray-errors-process.ts')],
      { timeout: 20_000 },
    );
    expect(stdout.trim().split('\n')).toEqual([
      'Unhandled rejection (still serving): Error: a handler forgot to await this',
      'Uncaught exception (still serving): Error: a timer threw',
      'still serving',
    ]);
  });
});
