import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EmbeddedFile } from '../../core/extraction/e-invoice';
import type {
  AnalyzeExpenseResponse,
  ExpenseAnalyzer,
  ExpenseDocumentInput,
} from '../../core/extraction/expense-types';
import { EngineProcessFailed, type PdfOutline, type PdfPageTexts, type PdfReader } from '../pdf/pdf-reader';
import type { EngineReply, EngineRequest, EngineResult, EngineTask } from './analyzer-process';

/** How long one document may take by default: a poster-sized page on a busy 2-core machine takes minutes. */
export const ENGINE_TIMEOUT_MS = 5 * 60_000;

export interface IsolatedAnalyzerOptions {
  /** Resident memory the engine's process may use before it is stopped (default `LOCAL_OCR_MEMORY_MB`, else 2048). */
  memoryLimitMb?: number;
  /** How long one document may take before the engine's process is stopped (default {@link ENGINE_TIMEOUT_MS}). */
  timeoutMs?: number;
}

interface Job {
  task: EngineTask;
  doc: ExpenseDocumentInput;
  resolve: (result: never) => void;
  reject: (error: Error) => void;
  /** Runs with nothing beside it: after a crash with several documents in flight, each is retried alone. */
  alone: boolean;
  timer?: NodeJS.Timeout;
}

const ENTRY = fileURLToPath(new URL('./analyzer-process.ts', import.meta.url));
/** The child runs the TypeScript sources as the server does (npm start runs under tsx). */
const LOWEST_PRIORITY = constants.priority.PRIORITY_LOW;
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * The environment the engine's process starts with (the caller's own values win). glibc gives each
 * thread that allocates its own malloc arena, up to eight per core: onnxruntime's threads, the line
 * reader's worker and libvips each grow one, and what they free stays in them. Two arenas held the
 * peak RSS over 49 scanned pages at 823 MB where the default reached 908–1033 MB, at the same speed.
 */
export const ENGINE_ENV = { MALLOC_ARENA_MAX: '2' } as const;

/** Resident and peak resident memory of a process in MB, from /proc (Linux); undefined elsewhere. */
export function processMemoryMb(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * The local engine ({@link LocalExpenseAnalyzer}) in a child process with a memory cap, so rendering
 * and OCR can neither block the server's event loop nor take the server down; it is also the local
 * {@link PdfReader}, so nothing in the server's process decompresses a document. The process is forked
 * on first use and kept warm (models stay loaded); a watchdog stops it when its resident memory passes
 * the cap (a V8 heap limit alone would not see pdfjs' canvases or onnxruntime) or a document takes too
 * long. A document whose process ended that way fails with {@link EngineProcessFailed}, which the workflow
 * turns into REVIEW_REQUIRED with the reason; documents that were merely in flight beside it are read
 * again, one at a time, so only the one that cannot be read fails.
 */
export class IsolatedExpenseAnalyzer implements ExpenseAnalyzer, PdfReader {
  readonly memoryLimitMb: number;
  readonly #timeoutMs: number;
  readonly #queue: Job[] = [];
  readonly #inFlight = new Map<number, Job>();
  #child: ChildProcess | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  /** Why the watchdog stopped the process, if it did. */
  #stopReason: string | undefined;
  #nextId = 0;
  #closed = false;

  constructor(options: IsolatedAnalyzerOptions = {}) {
    this.memoryLimitMb = options.memoryLimitMb ?? (Number(process.env.LOCAL_OCR_MEMORY_MB) || 2048);
    this.#timeoutMs = options.timeoutMs ?? ENGINE_TIMEOUT_MS;
  }

  /** The engine process's id while it runs (the benchmark reads its memory). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse> {
    return this.#run('analyze', doc);
  }

  outline(bytes: Uint8Array): Promise<PdfOutline> {
    return this.#run('outline', { bytes, contentType: 'application/pdf' });
  }

  readonly embeddedFiles = (doc: ExpenseDocumentInput): Promise<EmbeddedFile[]> =>
    this.#run('embeddedFiles', doc);

  pageTexts(bytes: Uint8Array, maxPages: number): Promise<PdfPageTexts> {
    // The page limit travels with the document: one message carries both.
    return this.#run('pageTexts', {
      bytes,
      contentType: 'application/pdf',
      maxPages,
    } as ExpenseDocumentInput);
  }

  #run<T extends EngineTask>(task: T, doc: ExpenseDocumentInput): Promise<EngineResult<T>> {
    if (this.#closed) return Promise.reject(new EngineProcessFailed('The local engine was stopped'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ task, doc, resolve, reject, alone: false });
      this.#pump();
    });
  }

  /** Stops the engine's process; documents still waiting fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0))
      job.reject(new EngineProcessFailed('The local engine was stopped'));
    const child = this.#child;
    if (!child) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const next = this.#queue[0];
      const aloneRunning = [...this.#inFlight.values()].some((j) => j.alone);
      if (aloneRunning || (next.alone && this.#inFlight.size > 0)) return;
      this.#queue.shift();
      this.#send(next);
    }
  }

  #send(job: Job): void {
    const child = this.#process();
    const id = this.#nextId++;
    this.#inFlight.set(id, job);
    job.timer = setTimeout(() => {
      this.#stop(`Reading the document took longer than ${Math.round(this.#timeoutMs / 1000)} s`);
    }, this.#timeoutMs);
    const request: EngineRequest = { id, task: job.task, doc: job.doc };
    child.send(request);
  }

  #process(): ChildProcess {
    if (this.#child) return this.#child;
    const heapMb = Math.max(256, Math.min(1024, Math.floor(this.memoryLimitMb / 2)));
    const child = fork(ENTRY, [], {
      execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${heapMb}`],
      env: { ...ENGINE_ENV, ...process.env },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child = child;
    this.#stopReason = undefined;
    // OCR is batch work beside a server that answers people: at the lowest priority, the engine takes
    // only the CPU the API and the database leave, so a poster-sized page cannot slow their answers.
    if (child.pid) {
      try {
        setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Not permitted on this system: the engine runs at normal priority.
      }
    }
    child.on('message', (reply: EngineReply) => this.#answer(reply));
    child.on('exit', (code, signal) => this.#exited(child, code, signal));
    // Not a reason to keep the server alive: the server stops it.
    child.unref();
    child.channel?.unref();
    this.#watchdog = setInterval(() => {
      const memory = child.pid ? processMemoryMb(child.pid) : undefined;
      if (memory && memory.rss > this.memoryLimitMb) {
        this.#stop(`Reading the document needed more than ${this.memoryLimitMb} MB of memory`);
      }
    }, 100);
    this.#watchdog.unref();
    return child;
  }

  #stop(reason: string): void {
    this.#stopReason ??= reason;
    this.#child?.kill('SIGKILL');
  }

  #answer(reply: EngineReply): void {
    const job = this.#inFlight.get(reply.id);
    if (!job) return;
    this.#inFlight.delete(reply.id);
    clearTimeout(job.timer);
    if ('result' in reply) job.resolve(reply.result as never);
    else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    this.#pump();
  }

  #exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    clearInterval(this.#watchdog);
    const reason =
      this.#stopReason ??
      `The OCR process stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`;
    const inFlight = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (const job of inFlight) clearTimeout(job.timer);
    if (this.#closed) {
      for (const job of inFlight) job.reject(new EngineProcessFailed('The local engine was stopped'));
      return;
    }
    // Alone, the document is the cause; beside others, any of them may be: each is read again alone.
    if (inFlight.length === 1 || inFlight.every((j) => j.alone)) {
      for (const job of inFlight) job.reject(new EngineProcessFailed(reason));
    } else {
      this.#queue.unshift(...inFlight.map((job) => ({ ...job, alone: true })));
    }
    this.#pump();
  }
}
