import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SynthesizedFunction } from './synth';

export interface Invocation {
  ok: boolean;
  result?: unknown;
  error?: { name: string; message: string; stack?: string };
  /** Handler time in the child, cold start included for the first event. */
  ms: number;
}

const RUNTIME_SCRIPT = new URL('./lambda-runtime.mjs', import.meta.url);

/**
 * One function's bundle running as Lambda would run it: its staged asset copied to a task root of its own
 * (beside the SDK-only node_modules, see sdk-runtime.ts, and far from the repo's), loaded by a fresh Node
 * process whose environment is exactly `environment` plus what the Lambda runtime itself sets. Events are
 * sent to it one at a time and answered in order.
 */
export class BundleProcess {
  readonly #child: ChildProcess;
  readonly #pending = new Map<string, (answer: Invocation) => void>();
  readonly #ready: Promise<void>;
  stderr = '';

  constructor(fn: SynthesizedFunction, runtimeRoot: string, environment: Record<string, string>) {
    const taskRoot = join(runtimeRoot, 'tasks', fn.name);
    mkdirSync(taskRoot, { recursive: true });
    cpSync(fn.assetDir, taskRoot, { recursive: true });
    const script = join(runtimeRoot, 'lambda-runtime.mjs');
    copyFileSync(RUNTIME_SCRIPT, script);
    this.#child = fork(script, [], {
      cwd: taskRoot,
      // No loader of the parent's (vitest, tsx) and no inherited variable: only the function's own.
      execArgv: [],
      env: {
        ...environment,
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LAMBDA_TASK_ROOT: taskRoot,
        _HANDLER: fn.handler,
        AWS_LAMBDA_FUNCTION_NAME: fn.name,
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
        AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
        NODE_PATH: join(runtimeRoot, 'node_modules'),
        TZ: 'UTC',
        AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
        AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.#child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-20_000);
    });
    this.#ready = new Promise((resolve, reject) => {
      this.#child.once('exit', (code) =>
        reject(new Error(`${fn.name} exited (${code}) before it was ready:\n${this.stderr}`)),
      );
      this.#child.on('message', (message: { ready?: boolean; id?: string } & Invocation) => {
        if (message.ready) return resolve();
        if (message.id) this.#pending.get(message.id)?.(message);
      });
    });
    this.#child.on('exit', (code) => {
      for (const settle of this.#pending.values())
        settle({ ok: false, error: { name: 'Runtime.ExitError', message: `exited (${code})` }, ms: 0 });
      this.#pending.clear();
    });
  }

  async invoke(event: unknown): Promise<Invocation> {
    await this.#ready;
    const id = randomUUID();
    return new Promise((resolve) => {
      this.#pending.set(id, (answer) => {
        this.#pending.delete(id);
        resolve(answer);
      });
      this.#child.send({ id, event });
    });
  }

  stop(): void {
    this.#child.kill();
  }
}
