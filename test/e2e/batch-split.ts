/**
 * A mailroom's batch scan in the browser (issue 35): a clerk uploads one text-layer PDF holding 12
 * invoices on the Upload screen, and the Invoices list shows 12 invoices, each with its own vendor and
 * total; one split from the file says where it came from, and its preview holds only its own pages.
 * Then the reviewer corrects a boundary: "Split here…" makes a second invoice of its second page, and
 * "Merge with previous invoice" on that one joins the pages again.
 */
import type { Page } from 'playwright-core';
import { formatMoney } from '../../shared/format';
import { batchPages, batchScanPdf, mailroomBatch } from '../fixtures/batch-scan';
import { totalsOf } from '../integration/pipeline-invoices';
import { type E2E, openInvoice, uploadAndWait } from './review-loop';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Named apart from every other file the suite uploads, so a search for it lists this batch only. */
const FILE = 'mailroom-batch-scan.pdf';

interface Listed {
  id: string;
  invoiceNumber: string | null;
  status: string;
  totalAmount: number | null;
  batch: { firstPage: number; lastPage: number } | null;
}

/** The invoices the API lists for a search, as the signed-in person (the SPA keeps its ID token). */
function apiSearch(page: Page, q: string): Promise<Listed[]> {
  return page.evaluate(async (query) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const answer = await fetch(`/api/invoices?limit=100&search=${encodeURIComponent(query)}`, {
      headers: { authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` },
    });
    if (!answer.ok) throw new Error(`GET /api/invoices answered ${answer.status}`);
    return (await answer.json()).items;
  }, q) as Promise<Listed[]>;
}

/** Waits until every document split from the batch has been read and decided. */
async function allDecided(page: Page, count: number, timeoutMs = 240_000): Promise<Listed[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const all = await apiSearch(page, FILE);
    const decided = all.filter((i) => i.status === 'PROCESSED' || i.status === 'REVIEW_REQUIRED');
    if (all.length === count && decided.length === all.length) return all;
    if (Date.now() > until)
      throw new Error(`${decided.length} of ${all.length} invoices of ${FILE} decided, ${count} expected`);
    await page.waitForTimeout(1000);
  }
}

export async function batchSplitSteps({ page, step, shot, seen, assertA11y }: E2E) {
  await step(
    'a 12-invoice batch scan uploaded on /upload becomes 12 invoices in the list',
    page,
    async () => {
      const started = Date.now();
      await uploadAndWait(page, { [FILE]: await batchScanPdf(mailroomBatch) });
      const invoices = await allDecided(page, mailroomBatch.length);
      console.log(`      ${invoices.length} invoices decided ${Date.now() - started} ms after the upload`);
      assert(invoices.length === mailroomBatch.length, `${invoices.length} invoices listed for ${FILE}`);

      // The Invoices page searched for the file's name: one card per document, its vendor and total.
      await page.goto(`/invoices?q=${encodeURIComponent(FILE)}`);
      await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
      const views = page.getByRole('button', { name: /^View invoice / });
      await page.waitForFunction(
        (n) => document.querySelectorAll('button[aria-label^="View invoice "]').length === n,
        mailroomBatch.length,
        { timeout: 20_000 },
      );
      assert((await views.count()) === mailroomBatch.length, `${await views.count()} cards shown`);
      for (const { spec } of mailroomBatch) {
        const card = page
          .getByRole('button', { name: `View invoice ${spec.invoiceNumber}`, exact: true })
          .locator('xpath=ancestor::*[.//h2][1]');
        const text = (await card.textContent()) ?? '';
        const total = formatMoney(totalsOf(spec).total, 'USD');
        assert(
          text.includes(spec.vendorName) && text.includes(total) && text.includes(FILE),
          `the card of ${spec.invoiceNumber} reads "${text}", expected ${spec.vendorName} and ${total}`,
        );
      }
      await page.waitForTimeout(300);
      await shot(page, 'batch-split-invoices', true);
      await assertA11y(page, 'invoices page: a split batch');
    },
  );

  await step('a split invoice says where it came from and previews only its own pages', page, async () => {
    // The fifth document: two pages, 6 and 7 of the file, in the middle of the batch.
    const index = 4;
    const { spec, pages } = mailroomBatch[index];
    const range = batchPages(mailroomBatch)[index];
    assert(pages === 2, 'the fifth document of the batch has two pages');
    await page.goto(`/invoices?q=${encodeURIComponent(FILE)}`);
    await page.getByRole('button', { name: `View invoice ${spec.invoiceNumber}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Extracted Information').waitFor();
    await seen(page, `Split from ${FILE}, pages ${range.firstPage}–${range.lastPage}`);
    // pdf.js draws one canvas per page of the file shown: this invoice's own file, cut to its pages.
    await dialog.getByRole('img', { name: new RegExp(`^Page ${pages} of `) }).waitFor({ timeout: 20_000 });
    const drawn = await dialog.getByRole('img', { name: /^Page \d+ of / }).count();
    assert(drawn === pages, `the preview shows ${drawn} pages, ${pages} expected`);
    // The note sits below the fields: brought into view for the screenshot.
    await dialog.getByTestId('batch-note').scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await shot(page, 'batch-split-invoice-dialog');
    await assertA11y(page, 'invoice dialog: an invoice split from a batch');
    await page.keyboard.press('Escape');
  });

  await step('the reviewer splits an invoice at a page, then merges the new one back', page, async () => {
    // The fifth document again: split after its first page, its second page becomes an invoice.
    const index = 4;
    const { spec } = mailroomBatch[index];
    const range = batchPages(mailroomBatch)[index];
    await page.goto(`/invoices?q=${encodeURIComponent(FILE)}`);
    await page.getByRole('button', { name: `View invoice ${spec.invoiceNumber}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Split here…' }).click();
    const ask = page.getByRole('dialog', { name: 'Split this invoice' });
    await ask.getByLabel('First page of the new invoice').fill('2');
    await ask.getByText('This invoice keeps page 1; page 2 becomes a new invoice.').waitFor();
    await shot(page, 'batch-split-here-dialog');
    await assertA11y(page, 'split this invoice dialog');
    await ask.getByRole('button', { name: 'Split invoice' }).click();
    await seen(page, 'Invoice split');
    await page.keyboard.press('Escape');

    const split = await allDecided(page, mailroomBatch.length + 1);
    const second = split.find((i) => i.batch?.firstPage === range.lastPage);
    assert(
      second,
      `no invoice holds page ${range.lastPage} alone: ${JSON.stringify(split.map((i) => i.batch))}`,
    );
    const kept = split.find((i) => i.invoiceNumber === spec.invoiceNumber);
    assert(
      kept?.batch?.lastPage === range.firstPage,
      `the split invoice holds ${JSON.stringify(kept?.batch)}`,
    );

    const dialog = await openInvoice(page, second.id);
    await seen(page, `Split from ${FILE}, page ${range.lastPage}`);
    await dialog.getByRole('button', { name: 'Merge with previous invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Merge with previous invoice' });
    await confirm.getByText(/joins the invoice before it/).waitFor();
    await shot(page, 'batch-merge-dialog');
    await assertA11y(page, 'merge with previous invoice dialog');
    await confirm.getByRole('button', { name: 'Merge invoices' }).click();
    await seen(page, 'Invoices merged');

    // One invoice of both pages again, read again to its full total.
    const merged = await allDecided(page, mailroomBatch.length);
    const whole = merged.find((i) => i.invoiceNumber === spec.invoiceNumber);
    assert(
      whole?.batch?.firstPage === range.firstPage && whole.batch.lastPage === range.lastPage,
      `the merged invoice holds ${JSON.stringify(whole?.batch)}`,
    );
    assert(whole.totalAmount === totalsOf(spec).total, `the merged invoice totals ${whole.totalAmount}`);
    assert(!merged.some((i) => i.id === second.id), 'the merged-away invoice is still listed');
  });
}
