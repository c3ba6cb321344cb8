import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { userSchema } from '../../shared/schemas';
import {
  childrenOf as childrenRecorded,
  exited,
  hasExited,
  idToken,
  type Product,
  startProduct as startHelper,
} from '../helpers/product-process';

/**
 * `npm start` as a person runs it (its own process, its own data folder), killed with SIGKILL and
 * started again: everything it stored must be there, and the emulators the killed run left behind must
 * be gone before their files are reopened.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'invoice-pilot-restart-'));
const running: ChildProcess[] = [];
const startProduct = () => startHelper(dataDir, running);

/** The emulator processes the running stack recorded in its data folder. */
const childrenOf = () => childrenRecorded(dataDir);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function whoAmI(product: Product, email: string, password: string) {
  const response = await fetch(`${product.settings.url}/api/auth/user`, {
    headers: { authorization: `Bearer ${await idToken(product, email, password)}` },
  });
  expect(response.status).toBe(200);
  return userSchema.parse(await response.json());
}

afterAll(async () => {
  for (const child of running) if (!hasExited(child)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on one data folder', () => {
  it('survives SIGKILL with every user and organization, refuses a second start on the folder or a taken port, and stops cleanly on SIGTERM', async () => {
    const first = await startProduct();
    const email = 'kill-nine@example.com';
    const password = 'Kill#Nine2026';
    const cognito = cognitoClient(first.settings.cognito.endpoint, first.settings.cognito.region);
    await ensureUser(cognito, first.settings.cognito.userPoolId, {
      email,
      password,
      firstName: 'Kim',
      lastName: 'Nine',
    });
    cognito.destroy();
    const before = await whoAmI(first, email, password);
    const orphans = childrenOf();
    expect(orphans.length).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    await exited(first.child);
    // Nothing stopped the emulators: they outlive the killed process.
    expect(orphans.filter(isRunning)).toEqual(orphans);

    const second = await startProduct();
    expect(orphans.filter(isRunning)).toEqual([]);
    const after = await whoAmI(second, email, password);
    expect(after).toEqual(before);
    expect(after.organization.name).toBe("Kim's Organization");

    // A second start on the same folder is refused before it touches anything, and this one runs on.
    const intruder = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(intruder);
    let refusal = '';
    intruder.stderr?.on('data', (d) => {
      refusal += d;
    });
    expect(await exited(intruder)).toBe(1);
    expect(refusal).toContain(`Another Invoice Pilot (process ${second.child.pid}) is using the data folder`);
    expect(childrenOf().filter(isRunning)).toHaveLength(childrenOf().length);
    expect(await whoAmI(second, email, password)).toEqual(before);

    // So is a start on a port that is taken, before any emulator starts.
    const port = new URL(second.settings.url).port;
    const otherFolder = mkdtempSync(join(tmpdir(), 'invoice-pilot-port-'));
    const blocked = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      env: { ...process.env, PORT: port, DATA_DIR: otherFolder },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(blocked);
    let portRefusal = '';
    blocked.stderr?.on('data', (d) => {
      portRefusal += d;
    });
    expect(await exited(blocked)).toBe(1);
    expect(portRefusal).toContain(`Port ${port} is in use.`);
    rmSync(otherFolder, { recursive: true, force: true });

    const children = childrenOf();
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(children.filter(isRunning)).toEqual([]);
  }, 240_000); // two starts, the first may build the web app, on a busy 2-core machine
});
