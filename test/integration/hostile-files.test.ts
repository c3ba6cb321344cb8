import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processMemoryMb } from '../../functions/extraction';
import { type Invoice, invoiceSchema } from '../../shared/schemas';
import { hostilePdfs } from '../helpers/hostile-pdfs';
import { fileForm } from '../helpers/local-stack';
import {
  childrenOf,
  exited,
  hasExited,
  idToken,
  type Product,
  startProduct,
} from '../helpers/product-process';

/**
 * The second probe's hostile files against `npm start` in its own process: a 1 MB PDF whose page
 * expands to 1 GiB, the same bomb as a hybrid e-invoice's attachment, 500,000 nested arrays, a page
 * tree claiming two billion pages, and reference loops. The API's process decompresses and renders
 * nothing itself (the local engine's capped process does), so while each file is handled its resident
 * memory stays near its idle figure and it keeps answering; every file ends in a decision.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'invoice-pilot-hostile-'));
const running: ChildProcess[] = [];

/** What the API's process may grow by over its idle figure while a hostile file is handled. */
const RSS_BOUND_MB = 300;
/**
 * The 99th percentile of `GET /api/invoices` meanwhile. On a machine other work keeps busy the idle
 * server's own p99 can pass it (a shared 2-core machine at a load of 15–20 gave 295 ms): the bound is
 * then twice the idle figure, so what is asserted stays what the hostile file costs the API. Before the
 * fix the API stalled for 24 s on the page bomb, over any such bound.
 */
const P99_BOUND_MS = 200;
/**
 * Each file is handled this many times: a p99 is only a percentile over enough calls (one pass gave 45,
 * whose p99 was its slowest call, so one scheduler hiccup decided it).
 */
const ROUNDS = 3;
/** A GET every this many ms while the files are handled. */
const GET_INTERVAL_MS = 100;

afterAll(async () => {
  for (const child of running) if (!hasExited(child)) child.kill('SIGKILL');
  for (const pid of childrenOf(dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The resident memory of `pid` sampled every 50 ms until `stop` is called, which returns the samples. */
function sampleRss(pid: number): () => number[] {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const memory = processMemoryMb(pid);
    if (memory) samples.push(memory.rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return samples;
  };
}

/**
 * A steady stream of `GET /api/invoices`, one every GET_INTERVAL_MS whether or not the last has answered
 * (so a server that stalls for seconds shows it in every call it keeps waiting, not in one; fast enough
 * to see a stall, slow enough that a busy machine's server is not flooded): `latencies`
 * grows as they answer, until `stop`, which resolves once every call has answered and throws if one
 * answered other than 200.
 */
function steadyGets(call: () => Promise<Response>): { latencies: number[]; stop: () => Promise<void> } {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const started = performance.now();
    const answered = call().then(async (response) => {
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.push(response.status);
    });
    inFlight.add(answered);
    void answered.finally(() => inFlight.delete(answered));
  }, GET_INTERVAL_MS);
  return {
    latencies,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    },
  };
}

describe('hostile files under npm start', () => {
  it('keep the API process within 300 MB of its idle memory and its GET p99 under 200 ms, and each ends in a decision', async () => {
    const files = await hostilePdfs();
    const product: Product = await startProduct(dataDir, running);
    const pid = product.child.pid as number;
    const token = await idToken(product, product.settings.demo.email, product.settings.demo.password);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.settings.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });

    // Idle: the server started and answering (its first calls compile their code), nothing uploaded yet.
    const warmUp = steadyGets(() => api('/api/invoices'));
    await sleep(5_000);
    await warmUp.stop();
    // Idle too, the same stream of calls: what the machine gives when nothing hostile is handled.
    const stopIdle = sampleRss(pid);
    const idleGets = steadyGets(() => api('/api/invoices'));
    await sleep(10_000);
    await idleGets.stop();
    const idleSamples = stopIdle();
    const idleLatencies = [...idleGets.latencies].sort((a, b) => a - b);
    const idleP99 = percentile(idleLatencies, 99);
    const p99Bound = Math.max(P99_BOUND_MS, 2 * idleP99);
    const idleRss = idleSamples.reduce((sum, mb) => sum + mb, 0) / idleSamples.length;

    const stopSampling = sampleRss(pid);
    const gets = steadyGets(() => api('/api/invoices'));
    const outcomes: { name: string; invoice: Invoice; seconds: number; peakRss: number; p99: number }[] = [];
    const rounds = Array.from({ length: ROUNDS }, () => files).flat();
    for (const { name, bytes } of rounds) {
      const started = Date.now();
      const firstGet = gets.latencies.length;
      const stopFileSampling = sampleRss(pid);
      const uploaded = await api('/api/invoices/upload', { method: 'POST', body: fileForm(bytes, name) });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { id } = invoiceSchema.parse(await uploaded.json());
      let invoice: Invoice;
      for (;;) {
        invoice = invoiceSchema.parse(await (await api(`/api/invoices/${id}`)).json());
        if (invoice.status !== 'UPLOADED' && invoice.status !== 'PROCESSING') break;
        // Never stuck: the engine's own limits (memory, 5 minutes) end any document before this.
        if (Date.now() - started > 400_000) throw new Error(`${name} is still ${invoice.status}`);
        await sleep(250);
      }
      const peakRss = Math.max(...stopFileSampling());
      const p99 = percentile(
        gets.latencies.slice(firstGet).sort((a, b) => a - b),
        99,
      );
      outcomes.push({ name, invoice, seconds: (Date.now() - started) / 1000, peakRss, p99 });
    }
    await gets.stop();
    const latencies = [...gets.latencies].sort((a, b) => a - b);
    const peakRss = Math.max(...stopSampling());
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);

    console.log(
      [
        `hostile files: API process idle RSS ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB (+${(peakRss - idleRss).toFixed(0)} MB, bound +${RSS_BOUND_MB} MB)`,
        `GET /api/invoices idle: ${idleLatencies.length} calls, p50 ${percentile(idleLatencies, 50).toFixed(0)} ms, p99 ${idleP99.toFixed(0)} ms`,
        `GET /api/invoices while handled: ${latencies.length} calls, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms (bound p99 ${p99Bound.toFixed(0)} ms)`,
        ...outcomes.map(
          (o) =>
            `  ${o.name}: ${o.invoice.status} in ${o.seconds.toFixed(1)} s, API peak ${o.peakRss.toFixed(0)} MB, GET p99 ${o.p99?.toFixed(0)} ms: ${o.invoice.reviewReasons.join('; ')}`,
        ),
      ].join('\n'),
    );

    for (const { name, invoice } of outcomes) {
      expect(invoice.status, name).toMatch(/^(PROCESSED|REVIEW_REQUIRED)$/);
      if (invoice.status === 'REVIEW_REQUIRED') expect(invoice.reviewReasons.length, name).toBeGreaterThan(0);
    }
    // The page bomb and the unreadable files cannot give an invoice: a person reviews them.
    const handled = (name: string) => outcomes.filter((o) => o.name === name);
    for (const name of ['flate-bomb.pdf', 'deep-nesting.pdf', 'reference-loop.pdf']) {
      expect(
        handled(name).map((o) => o.invoice.status),
        name,
      ).toEqual(Array(ROUNDS).fill('REVIEW_REQUIRED'));
    }
    // Both bombs are stopped by the count of what their streams expand to, before any reader opens them.
    for (const name of ['flate-bomb.pdf', 'attachment-bomb.pdf']) {
      for (const { invoice } of handled(name)) {
        expect(invoice.reviewReasons.join('; '), name).toMatch(/expands to more than 512 MB when opened/);
      }
    }
    expect(peakRss - idleRss).toBeLessThan(RSS_BOUND_MB);
    expect(p99).toBeLessThan(p99Bound);

    product.child.kill('SIGTERM');
    expect(await exited(product.child)).toBe(0);
  }, 1_200_000);
});
