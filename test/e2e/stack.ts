/**
 * Starts `npm start` on a fresh temporary DATA_DIR and a free PORT, and stops it again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/ports';

export interface LocalInfo {
  url: string;
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string };
  demo: { email: string; password: string };
}

export interface RunningStack {
  info: LocalInfo;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startStack(cwd: string, timeoutMs = 180_000): Promise<RunningStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoice-e2e-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d) => {
    output += d.toString();
  });
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    output += `\n[npm start exited: code ${code}, signal ${signal}]\n`;
  });

  // The whole process group, not only npm: npm can exit on SIGTERM while the stack it started is still
  // shutting down, and a stack left behind took a core from the rest of CI.
  const groupAlive = () => {
    try {
      if (child.pid) process.kill(-child.pid, 0);
      return Boolean(child.pid);
    } catch {
      return false;
    }
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (groupAlive()) {
      signalGroup('SIGTERM');
      for (let i = 0; i < 50 && groupAlive(); i++) await sleep(100);
      if (groupAlive()) signalGroup('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const localJson = join(dataDir, 'local.json');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`npm start exited early:\n${output}`);
    }
    if (existsSync(localJson)) {
      try {
        const info = JSON.parse(readFileSync(localJson, 'utf8')) as LocalInfo;
        const res = await fetch(`${info.url}/config.json`);
        if (res.ok) return { info, dataDir, log: () => output, stop };
      } catch {
        // Not ready yet.
      }
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`npm start was not ready within ${timeoutMs} ms:\n${output}`);
}
