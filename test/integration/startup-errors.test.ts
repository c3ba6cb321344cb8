import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../infra/local/emulators';

/** `npm start` refusing to start says what to do, in a line, and leaves nothing running or claimed. */
const folder = mkdtempSync(join(tmpdir(), 'invoice-pilot-startup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function start(env: Record<string, string>) {
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      env: { ...process.env, DATA_DIR: join(folder, 'data'), ...env },
      timeout: 60_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('npm start that cannot start', () => {
  it('names a PORT that is not a port', async () => {
    const { code, stderr } = await start({ PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('PORT must be a whole number from 0 to 65535, not "abc".');
  });

  it('says how to install Java when DynamoDB Local cannot run, and releases the data folder', async () => {
    // A PATH with node and nothing else: no java.
    const bin = join(folder, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const { code, stderr } = await start({ PORT: '0', PATH: bin });
    expect(code).toBe(1);
    expect(stderr).toContain('DynamoDB Local runs on Java, and `java` is not on the PATH');
    expect(existsSync(join(folder, 'data', 'children.pid.json'))).toBe(false);
  });
});

describe('DynamoDB Local on a port another server took first', () => {
  it("is not taken for ready on the other server's answer: the start fails as EADDRINUSE, to be retried", async () => {
    // What a test file starting at the same moment can do: bind the port freePort() handed out.
    const other = createServer((_, res) => res.end('The web app is not built yet'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    const { port } = other.address() as { port: number };
    try {
      await expect(startDynamoDbLocal({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      other.close();
    }
  });
});
