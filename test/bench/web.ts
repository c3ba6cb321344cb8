/**
 * `npm run bench:web`: what a visitor and a signed-in user download, and how fast the dashboard shows.
 * Builds the SPA, starts `npm start` on a fresh data folder, and drives Debian's Chromium:
 *  - gzip size of the JS and CSS loaded for `/` as a visitor (target ≤ 150 KB JS);
 *  - gzip size of the JS and CSS loaded for the dashboard after sign-in (signed-in routes are lazy);
 *  - time from navigation to the first dashboard render (stats cards visible), median of 5 reloads.
 * Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startStack } from '../e2e/stack';

const root = resolve(import.meta.dirname, '../..');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

interface Loaded {
  js: number;
  css: number;
  files: number;
}

/** Records the gzip size of every JS and CSS response the page loads while `action` runs. */
async function measureLoads(page: Page, action: () => Promise<void>): Promise<Loaded> {
  const seen = new Map<string, { kind: 'js' | 'css'; gzip: number }>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const url = response.url();
    const kind = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : undefined;
    if (!kind || seen.has(url)) return;
    pending.push(
      response
        .body()
        .then((body) => {
          seen.set(url, { kind, gzip: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  const sum = (kind: 'js' | 'css') =>
    [...seen.values()].filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0);
  return { js: sum('js'), css: sum('css'), files: seen.size };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const stack = await startStack(root);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: stack.info.url,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const landing = await measureLoads(page, async () => {
      await page.goto('/');
      await page.getByRole('banner').waitFor();
    });

    await page.goto('/api/login');
    await page.getByLabel('Email').fill(stack.info.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(stack.info.demo.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Total Invoices').first().waitFor({ timeout: 30_000 });

    // A fresh page in the same (signed-in) context: what the dashboard needs from a cold cache.
    const cold = await context.newPage();
    const dashboard = await measureLoads(cold, async () => {
      await cold.goto('/');
      await cold.getByText('Total Invoices').first().waitFor({ timeout: 30_000 });
    });
    await cold.close();

    const renders: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      await page.goto('/');
      await page.getByText('Total Invoices').first().waitFor({ timeout: 30_000 });
      renders.push(Date.now() - started);
    }

    console.log('\nWeb bundle and render figures (gzip sizes of what the browser loaded)\n');
    console.log('| view | JS (gzip) | CSS (gzip) | files |');
    console.log('| --- | --- | --- | --- |');
    console.log(`| landing \`/\` (visitor) | ${kb(landing.js)} | ${kb(landing.css)} | ${landing.files} |`);
    console.log(
      `| dashboard (signed in, cold cache) | ${kb(dashboard.js)} | ${kb(dashboard.css)} | ${dashboard.files} |`,
    );
    console.log(
      `\nTime to first dashboard render: median ${median(renders)} ms over ${renders.length} loads (${renders.join(', ')} ms)`,
    );
    console.log(`Target: landing JS ≤ 150 KB gzip → ${landing.js <= 150 * 1024 ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
