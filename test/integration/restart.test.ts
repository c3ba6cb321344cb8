import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { userSchema } from '../../shared/schemas';

/**
 * `npm start` as a person runs it (its own process, its own data folder), killed with SIGKILL and
 * started again: everything it stored must be there, and the emulators the killed run left behind must
 * be gone before their files are reopened.
 */
interface Product {
  child: ChildProcess;
  output: () => string;
  settings: {
    url: string;
    cognito: { endpoint: string; region: string; userPoolId: string; clientId: string };
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'invoice-pilot-restart-'));
const running: ChildProcess[] = [];

async function startProduct(): Promise<Product> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Press Ctrl-C')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`npm start exited early:\n${output}`));
      }
    }, 100);
  });
  const settings = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8'));
  return { child, output: () => output, settings };
}

/** The emulator processes the running stack recorded in its data folder. */
const childrenOf = () =>
  (JSON.parse(readFileSync(join(dataDir, 'children.pid.json'), 'utf8')) as { children: number[] }).children;

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function whoAmI(product: Product, email: string, password: string) {
  const cognito = cognitoClient(product.settings.cognito.endpoint, product.settings.cognito.region);
  const signedIn = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: product.settings.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  cognito.destroy();
  const response = await fetch(`${product.settings.url}/api/auth/user`, {
    headers: { authorization: `Bearer ${signedIn.AuthenticationResult?.IdToken}` },
  });
  expect(response.status).toBe(200);
  return userSchema.parse(await response.json());
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
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
