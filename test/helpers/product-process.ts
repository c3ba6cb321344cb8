import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../infra/local/cognito-bootstrap';

/** `npm start` as a person runs it: its own process on its own data folder (tests kill it with SIGKILL). */
export interface Product {
  child: ChildProcess;
  output: () => string;
  settings: {
    url: string;
    cognito: { endpoint: string; region: string; userPoolId: string; clientId: string };
    demo: { email: string; password: string };
  };
}

/** How a test starts the product beyond the data folder. */
export interface StartOptions {
  /** More environment for the product (e.g. short retry delays). */
  env?: Record<string, string>;
  /**
   * Its own process group, so `killGroup` kills it with every emulator it started at once, as a kill of
   * the terminal's process group would (the emulators are not left to be cleaned up by the next start).
   */
  detached?: boolean;
}

/** Starts `infra/local/start.ts` on `dataDir` with a free port and resolves once it says it is ready. */
export async function startProduct(
  dataDir: string,
  running: ChildProcess[] = [],
  options: StartOptions = {},
): Promise<Product> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, ...options.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached === true,
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
      } else if (hasExited(child)) {
        clearInterval(check);
        reject(new Error(`npm start exited early:\n${output}`));
      }
    }, 100);
  });
  const settings = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8'));
  return { child, output: () => output, settings };
}

/** SIGKILL to the product's whole process group (started with `detached`): the product and its emulators. */
export function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A process ended by a signal keeps `exitCode` null: its `signalCode` says it has ended. */
export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves with the exit code (null when a signal ended it) once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    hasExited(child) ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

/** An ID token from the product's user pool. */
export async function idToken(product: Product, email: string, password: string): Promise<string> {
  const cognito = cognitoClient(product.settings.cognito.endpoint, product.settings.cognito.region);
  try {
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: product.settings.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = signedIn.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`Sign-in of ${email} returned no ID token`);
    return token;
  } finally {
    cognito.destroy();
  }
}

/** The emulator processes the stack on `dataDir` recorded (they outlive a killed `npm start`). */
export function childrenOf(dataDir: string): number[] {
  try {
    return (JSON.parse(readFileSync(join(dataDir, 'children.pid.json'), 'utf8')) as { children: number[] })
      .children;
  } catch {
    return [];
  }
}
