/**
 * What the vendor layout memory adds on recurring vendors: `npm run eval:learning` (after
 * `npm run cache:extract`).
 *
 * The dev corpus's sellers with at least two real documents (grouped by the labels' seller name, as the
 * folds of eval:extract group them; the degraded scans derived from e-invoices are left out: each is
 * a copy of a document already in its seller's list) are replayed in a stable order through the
 * product's own steps in process: the cached reading of the page with a field model (answerWith), then
 * processAnalysis (Normalize → Classify → Validate → Decide).
 * Per seller, in order: the first document is corrected to its labels and approved, i.e. learned with
 * learnLayout into an in-memory LayoutMemory[] (what adapters/dynamodb/vendor-memory.ts would store);
 * each later one is read twice, by a fresh organization (no vendors, no memory) and by one that
 * learned (ctx.vendors holds the seller as the first approval made it, so Classify links it through
 * the ordinary matching, and ctx.layoutMemory returns that memory, so classifyInvoice applies it),
 * then is approved too (learned again from its labels, so the anchors' records update as in the
 * product). The link is not forced: a later document Classify does not link to the seller is read
 * without memory, counted in "linked".
 * Both organizations keep the product's default review of new vendors: the fresh one has approved
 * nothing (ctx.vendorHistory answers no invoice), so its every document is a vendor's first; the one
 * that learned holds the approved documents' records (core/vendors/history.ts), so an amount or a
 * number far from them is sent to review as in the product.
 * Fields are scored as eval:extract scores them (labels.ts, the rules of
 * ../shared/tools/score-extraction.mjs); a document "passes" when Decide passes it (r.status) and
 * every field of the bill read is at SKIP_REVIEW_CONFIDENCE (readSurely), as auto-approval judges it.
 *
 * The field model reads each document three ways, one table each (`npm run eval:learning -- loso cv
 * in-sample` picks them; all three by default):
 * - leave one source out (first: what a kind of document nobody here has seen gets): trained without
 *   the document's source;
 * - grouped CV by seller: trained without the document's fold of sellers (the seller is new, its kind
 *   of document is not);
 * - in-sample: the committed model, trained on this corpus.
 * The fold models keep the committed model's fields, calibration and line-item choice, so only their
 * training data differs. The difference between the fresh and the learned column is what memory adds.
 */

import { layoutOf } from '../../functions/core/extraction/layout';
import {
  type ExtractionContext,
  extractionRecord,
  type KnownVendor,
  processAnalysis,
} from '../../functions/core/extraction/pipeline';
import { readSurely } from '../../functions/core/validation/validate';
import {
  type ApprovedInvoiceFact,
  postcodeOf,
  usualTax,
  usualTerms,
  withApproval,
} from '../../functions/core/vendors/history';
import { approvedValuesOf, type LayoutMemory, learnLayout } from '../../functions/core/vendors/memory';
import { paymentAccountsIn } from '../../functions/core/vendors/payment-accounts';
import {
  type ExtractionModel,
  type LoadedModel,
  loadModel,
  committedModelJson as modelJson,
} from '../../functions/extraction';
import { SKIP_REVIEW_CONFIDENCE } from '../../shared/constants';
import { fieldsWith } from '../../shared/invoice-fields';
import { groupedFolds, loadData, sourceFolds } from './experiment';
import { isCorrect, isLabelled, SCORED_FIELDS } from './labels';
import { answerWith, type DocData, trainRowScorer, trainScorers } from './learn';
import { approvedFromLabels, recurringSellers } from './learning';
import { syntheticSets } from './synthetic';

const BILLED = fieldsWith('billed');
const committed = loadModel(modelJson as unknown as ExtractionModel);
const all = loadData();
const real = all.filter((d) => d.doc.family === d.doc.source);
const sellers = recurringSellers(real.map((d) => ({ path: d.doc.path, label: d.doc.label, d })));
const later = sellers.reduce((n, [, docs]) => n + docs.length - 1, 0);
console.log(
  `${all.length} corpus documents cached (${real.length} real); ${sellers.length} sellers with ≥ 2 documents, ${later} later documents scored`,
);

interface Tally {
  docs: number;
  ok: number;
  n: number;
  seller: number;
  passed: number;
  passedWrong: number;
  passedN: number;
  linked: number;
  fromMemory: number;
}
const tally = (): Tally => ({
  docs: 0,
  ok: 0,
  n: 0,
  seller: 0,
  passed: 0,
  passedWrong: 0,
  passedN: 0,
  linked: 0,
  fromMemory: 0,
});
type Result = Awaited<ReturnType<typeof processAnalysis>>;

const TAX_DEPARTURES = [
  'Tax is charged on this invoice',
  'No tax is charged on this invoice',
  'The tax rate ',
];

/** The labelled fields one reading had right and the other has wrong. */
function regressions(d: DocData, before: Result, after: Result): string[] {
  const [f, l] = [extractionRecord(before), extractionRecord(after)];
  return SCORED_FIELDS.filter(
    (x) => isLabelled(d.doc.label, x) && isCorrect(d.doc.label, x, f[x]) && !isCorrect(d.doc.label, x, l[x]),
  ).map(
    (x) =>
      `${d.doc.source}/${d.doc.label.file} ${x}: labelled ${JSON.stringify(d.doc.label[x])}, fresh ${JSON.stringify(f[x])}, with memory ${JSON.stringify(l[x])}`,
  );
}

/** Every recurring seller replayed with the field model `modelOf` gives each document. */
async function replay(modelOf: (d: DocData) => LoadedModel) {
  const arms = { fresh: new Map<string, Tally>(), learning: new Map<string, Tally>() };
  /**
   * Why the later documents of the organization that learned were held for a person: each review reason
   * (its figures blanked, so alike reasons count together) and each field of the bill below the skip mark.
   */
  const held = new Map<string, number>();
  const hold = (why: string) => held.set(why, (held.get(why) ?? 0) + 1);
  /** The wrong fields of the later documents that passed without review (the error the figure counts). */
  const passedWrong: string[] = [];
  const count = (arm: keyof typeof arms, d: DocData, r: Result) => {
    const record = extractionRecord(r);
    const label = d.doc.label;
    const scored = SCORED_FIELDS.filter((f) => isLabelled(label, f));
    const right = scored.filter((f) => isCorrect(label, f, record[f])).length;
    const invoice = r.invoice;
    const passes =
      readSurely(invoice, invoice.confidence, SKIP_REVIEW_CONFIDENCE) && r.status === 'PROCESSED';
    if (arm === 'learning' && passes)
      for (const f of scored.filter((x) => !isCorrect(label, x, record[x])))
        passedWrong.push(
          `${d.doc.source}/${label.file} ${f}: labelled ${JSON.stringify(label[f])}, read ${JSON.stringify(record[f])}`,
        );
    if (arm === 'learning' && !passes) {
      for (const reason of r.reviewReasons) hold(`reason: ${reason.replace(/\d[\d.,]*/g, '#').slice(0, 90)}`);
      for (const field of BILLED)
        if (invoice[field] !== null && (invoice.confidence[field] ?? 0) < SKIP_REVIEW_CONFIDENCE)
          hold(`unsure: ${field}`);
    }
    for (const key of [d.doc.source, 'ALL']) {
      const t = arms[arm].get(key) ?? tally();
      t.docs++;
      t.ok += right;
      t.n += scored.length;
      if (isLabelled(label, 'vendorName') && isCorrect(label, 'vendorName', record.vendorName)) t.seller++;
      if (r.vendorMatch) t.linked++;
      if (r.notes.some((n) => n.startsWith("Read as on this vendor's approved invoices"))) t.fromMemory++;
      if (passes) {
        t.passed++;
        t.passedN += scored.length;
        t.passedWrong += scored.length - right;
      }
      arms[arm].set(key, t);
    }
  };
  const read = (d: DocData, ctx: ExtractionContext) => {
    const response = answerWith(d.read, modelOf(d));
    return processAnalysis(response, ctx).then((r) => ({ r, response }));
  };
  /** The labelled fields memory made wrong (right in the fresh reading), and how many it made right. */
  const worse: string[] = [];
  let fixedByMemory = 0;
  let ids = 0;
  const clock = { now: '2026-01-01T00:00:00.000Z', newId: () => `layout-${++ids}` };
  const alarms = {
    /** Documents printing a bank account, and later ones held for "Bank details changed" (no seller here changed bank). */
    withPaymentAccounts: 0,
    bank: 0,
    /** Later documents held for a vendor address in another postcode (none of these sellers moved). */
    address: 0,
    /** Later documents held for tax unlike the approved ones (core/vendors/history.ts, taxDeparture). */
    tax: 0,
    /** Later documents whose vendor had a learned tax behaviour or payment terms to weigh them against. */
    withTax: 0,
    withTerms: 0,
    /** Later documents given a due date by the vendor's payment terms, and those the labels agree with. */
    termsFilled: 0,
    termsRight: 0,
  };
  for (const [seller, docs] of sellers) {
    let memory: LayoutMemory[] = [];
    let history: ApprovedInvoiceFact[] = [];
    const vendor: KnownVendor = {
      id: `vendor-${seller}`,
      name: String(docs[0].label.vendorName),
      address: typeof docs[0].label.vendorAddress === 'string' ? docs[0].label.vendorAddress : null,
      status: 'ACTIVE',
    };
    const ctx: ExtractionContext = {
      orgId: 'eval',
      vendors: [vendor],
      layoutMemory: async () => memory,
      vendorHistory: async () => history,
    };
    const freshOrganization: ExtractionContext = { vendorHistory: async () => [] };
    for (const [i, { d }] of docs.entries()) {
      const fresh = i > 0 ? (await read(d, freshOrganization)).r : null;
      if (fresh) count('fresh', d, fresh);
      // The first document is read as the organization first meets the seller; later ones with memory.
      const { r, response } = await read(d, i > 0 ? ctx : {});
      if (fresh) {
        count('learning', d, r);
        worse.push(...regressions(d, fresh, r));
        fixedByMemory += regressions(d, r, fresh).length;
      }
      // Approval: the reading corrected to the labels, learned on the document's own lines.
      const approved = approvedFromLabels(d.doc.label, r.invoice);
      const lines = layoutOf(response);
      memory = learnLayout(memory, lines, approved, { ...clock, read: approvedValuesOf(r.invoice) });
      const paymentAccounts = paymentAccountsIn(
        ctx.orgId ?? '',
        lines.map((l) => l.text),
      );
      if (paymentAccounts.length) alarms.withPaymentAccounts++;
      if (fresh) {
        const reasons = (start: string) => r.reviewReasons.some((reason) => reason.startsWith(start));
        if (reasons('Bank details changed')) alarms.bank++;
        if (reasons("The vendor's address is in postcode")) alarms.address++;
        if (TAX_DEPARTURES.some(reasons)) alarms.tax++;
        if (usualTax(history)) alarms.withTax++;
        if (usualTerms(history)) alarms.withTerms++;
        if (r.notes.some((n) => n.startsWith('Due date '))) {
          alarms.termsFilled++;
          if (isLabelled(d.doc.label, 'dueDate') && isCorrect(d.doc.label, 'dueDate', r.invoice.dueDate))
            alarms.termsRight++;
        }
      }
      history = withApproval(history, {
        invoiceId: `${seller}-${i}`,
        invoiceNumber: typeof approved.invoiceNumber === 'string' ? approved.invoiceNumber : null,
        totalAmount: typeof approved.totalAmount === 'number' ? approved.totalAmount : null,
        currency: typeof d.doc.label.currency === 'string' ? d.doc.label.currency : r.currency,
        invoiceDate: typeof approved.invoiceDate === 'string' ? approved.invoiceDate : null,
        paymentAccounts,
        // The clerk approves the address as labelled, else as read.
        postcode: postcodeOf(
          typeof d.doc.label.vendorAddress === 'string' ? d.doc.label.vendorAddress : r.invoice.vendorAddress,
        ),
        dueDate: typeof approved.dueDate === 'string' ? approved.dueDate : null,
        subtotal: typeof approved.subtotal === 'number' ? approved.subtotal : null,
        taxAmount: typeof approved.taxAmount === 'number' ? approved.taxAmount : null,
        approvedAt: clock.now,
      });
    }
  }
  return { arms, held, worse, fixedByMemory, alarms, passedWrong };
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '-').padStart(5);

function table(title: string, { arms, worse, fixedByMemory }: Awaited<ReturnType<typeof replay>>) {
  console.log(`\n${title}: later documents of recurring sellers, fresh organization vs one that learned`);
  console.log(
    `${'source'.padEnd(16)}${'docs'.padStart(5)}  ${'micro % fresh→learned'.padEnd(23)}${'seller right fresh→learned'.padEnd(28)}${'passed fresh→learned'.padEnd(24)}${'field error of passed'.padEnd(24)}linked / memory used`,
  );
  const keys = [...arms.learning.keys()].filter((k) => k !== 'ALL').sort();
  for (const key of [...keys, 'ALL']) {
    const f = arms.fresh.get(key) as Tally;
    const l = arms.learning.get(key) as Tally;
    console.log(
      `${key.padEnd(16)}${String(l.docs).padStart(5)}  ${`${pct(f.ok, f.n)} → ${pct(l.ok, l.n)}`.padEnd(23)}${`${f.seller} → ${l.seller} of ${l.docs}`.padEnd(28)}${`${f.passed} → ${l.passed} (${pct(f.passed, f.docs).trim()}→${pct(l.passed, l.docs).trim()}%)`.padEnd(24)}${`${pct(f.passedWrong, f.passedN).trim()} → ${pct(l.passedWrong, l.passedN).trim()}%`.padEnd(24)}${l.linked} / ${l.fromMemory}`,
    );
  }
  console.log(
    `Fields memory read right (wrong in the fresh reading): ${fixedByMemory}; made wrong (right in the fresh reading): ${worse.length}`,
  );
}

function details(
  title: string,
  { arms, held, worse, alarms, passedWrong }: Awaited<ReturnType<typeof replay>>,
) {
  console.log(`\nDetails, ${title}`);
  console.log(
    `Bank accounts: printed on ${alarms.withPaymentAccounts} of ${sellers.flatMap(([, docs]) => docs).length} documents; later documents held for changed bank details: ${alarms.bank} (the corpus's sellers did not change bank, so each is a false alarm)`,
  );
  console.log(
    `Vendor address in another postcode than the approved ones: ${alarms.address} later documents held (each a false alarm)`,
  );
  console.log(
    `Tax unlike the approved invoices: ${alarms.tax} of ${alarms.withTax} later documents with a learned tax held; due dates given by the vendor's payment terms: ${alarms.termsFilled} of ${alarms.withTerms} with learned terms (${alarms.termsRight} as labelled)`,
  );
  console.log('Wrong fields of the later documents that passed without review:');
  for (const w of passedWrong) console.log(`  ${w}`);
  console.log('Fields memory made wrong:');
  for (const w of worse) console.log(`  ${w}`);
  const learnedDocs = arms.learning.get('ALL')?.docs ?? 0;
  const heldDocs = learnedDocs - (arms.learning.get('ALL')?.passed ?? 0);
  console.log(
    `Why the ${heldDocs} later documents held for a person were held (a document may count under several):`,
  );
  for (const [why, n] of [...held].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(4)}  ${why}`);
}

/** Each document's model trained without its fold (committed fields, calibration and line-item choice). */
async function foldModels(folds: DocData[][]): Promise<(d: DocData) => LoadedModel> {
  const { fields: synthetic, tables } = await syntheticSets();
  const byDoc = new Map<DocData, LoadedModel>();
  for (const fold of folds) {
    const held = new Set(fold);
    const train = all.filter((d) => !held.has(d));
    const model: LoadedModel = {
      ...committed,
      scorers: trainScorers([...train, ...synthetic]),
      lineItems: committed.lineItems ? trainRowScorer([...train, ...synthetic, ...tables]) : undefined,
    };
    for (const d of fold) byDoc.set(d, model);
  }
  return (d) => byDoc.get(d) as LoadedModel;
}

/** The measures to run, `npm run eval:learning -- in-sample` for one (training the fold models takes minutes). */
const MEASURES = {
  loso: { title: 'Leave one source out', folds: () => sourceFolds(all) },
  cv: { title: 'Grouped CV by seller', folds: () => groupedFolds(all) },
  'in-sample': { title: 'In-sample (the committed model)', folds: null },
} as const;
const asked = process.argv.slice(2).filter((a): a is keyof typeof MEASURES => a in MEASURES);
const chosen = (asked.length ? asked : (Object.keys(MEASURES) as Array<keyof typeof MEASURES>)).map(
  (k) => MEASURES[k],
);
const results: Array<Awaited<ReturnType<typeof replay>>> = [];
for (const m of chosen) results.push(await replay(m.folds ? await foldModels(m.folds()) : () => committed));
for (const [i, m] of chosen.entries()) table(m.title, results[i]);
details(chosen[0].title.toLowerCase(), results[0]);
