/**
 * Measures expense categorization out of sample: `npm run eval:classify`.
 *
 * 1. Generated property-management invoices (scripts/eval/pm-invoices.ts, phrased apart from the
 *    training data). Each simulated organization has its own recurring vendors; its invoices arrive in
 *    order, a person corrects every one the classifier got wrong or left empty, and the organization
 *    learns from each correction at once (vendor → category memory and the lines' words). Top-1
 *    accuracy is measured on the organization's last invoices, which are never corrected, before any
 *    correction and after 1, 3 and 10 corrections.
 * 2. The dev corpus (../shared/corpus): its labels name vendors and lines but no categories, so what
 *    is measured there is restraint: how many documents get a category at all (the rest say 'Choose a
 *    category') and whether receipts from shops and restaurants are filed as utilities.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CATEGORY_MIN_CONFIDENCE,
  type ClassificationResult,
  classify,
  type OrgMemory,
} from '../functions/core/classification/classify';
import { normalizeVendorKey } from '../functions/core/classification/text-keys';
import { PM_EXPENSES } from './eval/pm-invoices';

const ORGS = 60;
const VENDORS_PER_ORG = 12;
const STREAM = 40;
const TEST = 15;
const CHECKPOINTS = [0, 1, 3, 10];

/** Deterministic runs: mulberry32. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sample {
  vendorName: string;
  lineDescriptions: string[];
  categoryCode: string;
}

/** The filed category: the classifier's answer unless it is a model guess below the threshold. */
function filed(result: ClassificationResult): string | null {
  if (result.source === 'model' && result.confidence < CATEGORY_MIN_CONFIDENCE) return null;
  return result.categoryCode;
}

/** Strings of the training data, lower case: the evaluation leaves them out, so it stays out of sample. */
const TRAINING = new Set(
  readFileSync(
    fileURLToPath(new URL('../functions/core/classification/training-data.jsonl', import.meta.url)),
    'utf8',
  )
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      const t = JSON.parse(l) as Sample;
      return [t.vendorName, ...t.lineDescriptions].map((x) => x.toLowerCase());
    }),
);
const unseen = (items: string[]) => items.filter((x) => !TRAINING.has(x.toLowerCase()));
const EXPENSES = Object.fromEntries(
  Object.entries(PM_EXPENSES).map(([code, c]) => [
    code,
    { vendors: unseen(c.vendors), lines: unseen(c.lines) },
  ]),
);

function organization(random: () => number): Sample[] {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const codes = Object.keys(EXPENSES);
  const vendors = Array.from({ length: VENDORS_PER_ORG }, () => {
    const code = pick(codes);
    return { code, name: pick(EXPENSES[code].vendors) };
  });
  return Array.from({ length: STREAM }, () => {
    const vendor = pick(vendors);
    const lines = EXPENSES[vendor.code].lines;
    const count = 1 + Math.floor(random() * 3);
    const lineDescriptions = [...new Set(Array.from({ length: count }, () => pick(lines)))];
    return { vendorName: vendor.name, lineDescriptions, categoryCode: vendor.code };
  });
}

function learn(memory: OrgMemory, sample: Sample): OrgMemory {
  // A new object: the classifier caches what it derives from a memory.
  return {
    vendorCategory: {
      ...memory.vendorCategory,
      [normalizeVendorKey(sample.vendorName)]: sample.categoryCode,
    },
    examples: [...(memory.examples ?? []), sample],
  };
}

function evaluateGenerated() {
  const random = rng(14);
  const right = new Map(CHECKPOINTS.map((k) => [k, 0]));
  const empty = new Map(CHECKPOINTS.map((k) => [k, 0]));
  const needed = new Map(CHECKPOINTS.map((k) => [k, 0]));
  let tested = 0;
  for (let o = 0; o < ORGS; o++) {
    const stream = organization(random);
    const train = stream.slice(0, STREAM - TEST);
    const test = stream.slice(STREAM - TEST);
    const measure = (memory: OrgMemory, k: number) => {
      for (const s of test) {
        const code = filed(classify(s, memory));
        if (code === s.categoryCode) right.set(k, (right.get(k) ?? 0) + 1);
        if (code === null) empty.set(k, (empty.get(k) ?? 0) + 1);
      }
    };
    let memory: OrgMemory = { vendorCategory: {}, examples: [] };
    let corrections = 0;
    measure(memory, 0);
    for (const sample of train) {
      if (filed(classify(sample, memory)) === sample.categoryCode) continue;
      memory = learn(memory, sample);
      corrections++;
      if (CHECKPOINTS.includes(corrections)) {
        needed.set(corrections, (needed.get(corrections) ?? 0) + 1);
        measure(memory, corrections);
      }
    }
    // An organization whose invoices needed fewer corrections is measured as it ends.
    for (const k of CHECKPOINTS) if (k > corrections) measure(memory, k);
    tested += test.length;
  }
  console.log(`Generated property-management invoices: ${ORGS} organizations × ${TEST} held-out invoices`);
  for (const k of CHECKPOINTS) {
    const pct = (n: number) => ((100 * n) / tested).toFixed(1);
    console.log(
      `  after ${String(k).padStart(2)} corrections: top-1 ${pct(right.get(k) ?? 0)}%  (left empty: ${pct(empty.get(k) ?? 0)}%${k ? `; ${needed.get(k)} of ${ORGS} organizations needed ${k}, the others are measured after all theirs` : ''})`,
    );
  }
}

function overlapWithTraining() {
  const ours = Object.values(PM_EXPENSES).flatMap((c) => [...c.vendors, ...c.lines]);
  const used = Object.values(EXPENSES).flatMap((c) => [...c.vendors, ...c.lines]);
  console.log(
    `  (${ours.length - used.length} of ${ours.length} evaluation strings occur in the training data and were left out)`,
  );
}

function evaluateCorpus() {
  const root = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
  const sources = ['sroie', 'invoice2data', 'parsee_invoices', 'einvoice'];
  console.log('\nDev corpus (no category labels): documents filed vs left for a person');
  for (const source of sources) {
    const file = `${root}${source}/labels.jsonl`;
    if (!existsSync(file)) continue;
    const docs = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map(
        (l) => JSON.parse(l) as { vendorName?: string | null; lineItems?: { description?: string }[] | null },
      );
    const counts = new Map<string, number>();
    let filedCount = 0;
    for (const doc of docs) {
      const code = filed(
        classify({
          vendorName: doc.vendorName ?? null,
          lineDescriptions: (doc.lineItems ?? []).map((l) => l.description ?? '').filter(Boolean),
        }),
      );
      if (code) {
        filedCount++;
        counts.set(code, (counts.get(code) ?? 0) + 1);
      }
    }
    const utilities = [...counts].filter(([c]) => c.startsWith('utilities')).reduce((n, [, v]) => n + v, 0);
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    console.log(
      `  ${source}: ${docs.length} documents, ${filedCount} filed, ${docs.length - filedCount} left empty; in utilities: ${utilities}${top ? `; most filed: ${top}` : ''}`,
    );
  }
}

console.log(`Category threshold: a model answer below ${CATEGORY_MIN_CONFIDENCE} is left empty\n`);
evaluateGenerated();
overlapWithTraining();
evaluateCorpus();
