import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A reason `npm start` cannot start that the person can act on: printed as is, without a stack. */
export class StartupError extends Error {}

interface FolderOwners {
  /** The process whose stack uses the folder. */
  owner: number;
  /** The emulators it started outside itself (the DynamoDB Local JVM, cognito-local). */
  children: number[];
}

const EMULATOR_COMMAND = /DynamoDBLocal|cognito-local/;

/**
 * Whether `pid` is alive and still runs `command`: a process id that ended may have been given to an
 * unrelated process since. Without /proc (macOS) a live id is trusted.
 */
function runs(pid: number, command: RegExp): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return command.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !existsSync('/proc');
  }
}

function readOwners(file: string): FolderOwners | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as FolderOwners | number[];
    // Folders written before the owner was recorded hold only the children's ids.
    return Array.isArray(saved) ? { owner: 0, children: saved } : saved;
  } catch {
    return undefined;
  }
}

/**
 * One running stack per data folder: two would open the same DynamoDB and Cognito files. The folder's
 * `children.pid.json` names its owner and the emulators the owner started. A live owner means another
 * `npm start` is using the folder, and starting is refused. A dead owner (killed with SIGKILL, which
 * stops nothing) leaves its emulators running: they are ended before their files are reopened.
 */
export function claimDataFolder(dataDir: string): {
  recordChildren(children: number[]): void;
  release(): void;
} {
  const file = join(dataDir, 'children.pid.json');
  const previous = readOwners(file);
  if (previous && previous.owner !== process.pid && runs(previous.owner, /node/))
    throw new StartupError(
      `Another Invoice Pilot (process ${previous.owner}) is using the data folder ${dataDir}.\n` +
        'Stop it first (Ctrl-C in its terminal), or start this one with DATA_DIR set to another folder.',
    );
  const killed: number[] = [];
  for (const pid of previous?.children ?? []) {
    if (!runs(pid, EMULATOR_COMMAND)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // ended in the meantime
    }
  }
  // A JVM takes a moment to end after SIGKILL on a busy machine; its files are reopened only once it has.
  const deadline = Date.now() + 10_000;
  while (killed.some((pid) => runs(pid, EMULATOR_COMMAND)) && Date.now() < deadline) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  const write = (children: number[]) =>
    writeFileSync(file, JSON.stringify({ owner: process.pid, children } satisfies FolderOwners));
  write([]);
  return { recordChildren: write, release: () => rmSync(file, { force: true }) };
}
