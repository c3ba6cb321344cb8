/**
 * The review loop of issue 14 in the browser: money in its own currency, a byte-identical re-upload
 * caught after the first copy was edited, a keyboard-only review of three invoices, a file that is not
 * an invoice, and a vendor that built itself from an approved invoice. Run by run.ts on its stack.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Locator, Page } from 'playwright-core';

/** What run.ts lends these steps. */
export interface E2E {
  page: Page;
  step: (name: string, page: Page | null, fn: () => Promise<void>) => Promise<void>;
  shot: (page: Page, name: string, fullPage?: boolean) => Promise<void>;
  seen: (page: Page, text: string, timeout?: number) => Promise<void>;
  assertA11y: (page: Page, label: string) => Promise<void>;
}

export interface PdfInvoice {
  vendor: string;
  number: string;
  date: string;
  due: string;
  /** Printed before each amount: '$' or '€'. */
  sign: string;
  currency: string;
  items: [string, number][];
  tax: number;
}

const money = (sign: string, n: number) =>
  `${sign}${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A one-page invoice in the sample invoice's layout, so the local extraction reads it the same way. */
export function invoicePdf(inv: PdfInvoice): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const subtotal = inv.items.reduce((s, [, a]) => s + a, 0);
    doc.fontSize(20).text(inv.vendor);
    // Each vendor has its own street number and phone, as real businesses do (one shared phone would
    // rightly link their invoices to one vendor).
    const n = [...inv.vendor].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9000, 7) + 1000;
    doc.fontSize(10).text(`${n} Commerce Drive, Springfield, IL 62701`);
    doc.text(`billing@${inv.vendor.toLowerCase().replace(/[^a-z]/g, '')}.example  (217) 555-${n}`);
    doc.moveDown();
    doc.fontSize(16).text('INVOICE');
    doc.fontSize(11);
    doc.text(`Invoice Number: ${inv.number}`);
    doc.text(`Invoice Date: ${inv.date}`);
    doc.text(`Due Date: ${inv.due}`);
    doc.text(`Currency: ${inv.currency}`);
    doc.moveDown();
    doc.text('Description                         Qty     Unit Price     Amount');
    for (const [what, amount] of inv.items)
      doc.text(`${what.padEnd(36)}1       ${money(inv.sign, amount)}        ${money(inv.sign, amount)}`);
    doc.moveDown();
    doc.text(`Subtotal: ${money(inv.sign, subtotal)}`);
    doc.text(`Tax: ${money(inv.sign, inv.tax)}`);
    doc.fontSize(13).text(`Total: ${money(inv.sign, subtotal + inv.tax)}`);
    doc.end();
  });
}

/** A PDF with no invoice on it: a page of meeting notes, no amounts. */
function notesPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text('Residents meeting notes');
    doc.fontSize(11).text('We talked about the garden, the bicycle shed and the summer party.');
    doc.text('Next meeting after the holidays. Bring ideas for the playground.');
    doc.end();
  });
}

const today = new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** Uploads files on /upload; answers each file's invoice id once it has been processed. */
export async function uploadAndWait(
  page: Page,
  files: Record<string, Buffer>,
): Promise<Record<string, string>> {
  const paths = Object.entries(files).map(([name, bytes]) => {
    const path = join(tmpdir(), name);
    writeFileSync(path, bytes);
    return path;
  });
  await page.goto('/upload');
  await page.locator('input[type=file]').first().setInputFiles(paths);
  const queue = page.getByRole('list', { name: 'Processing Queue' });
  const ids: Record<string, string> = {};
  for (const name of Object.keys(files)) {
    const view = queue.getByRole('listitem').filter({ hasText: name }).getByRole('link', { name: 'View' });
    await view.waitFor({ timeout: 120_000 });
    const href = (await view.getAttribute('href')) ?? '';
    ids[name] = new URL(href, 'http://x').searchParams.get('invoice') ?? '';
  }
  return ids;
}

/** Opens an invoice's dashboard dialog by its URL, as a link or a notification would. */
export async function openInvoice(page: Page, id: string): Promise<Locator> {
  await page.goto(`/?invoice=${id}`);
  const dialog = page.getByRole('dialog').first();
  await dialog.getByText('Extracted Information').waitFor({ timeout: 20_000 });
  return dialog;
}

const focusedField = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.field ?? null);

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function reviewLoopSteps({ page, step, shot, seen, assertA11y }: E2E) {
  const eur: PdfInvoice = {
    vendor: 'Rheinland Facility GmbH',
    number: 'RF-2025-311',
    date: today,
    due: inDays(30),
    sign: '€',
    currency: 'EUR',
    items: [['Facade cleaning, block C', 2000]],
    tax: 380,
  };
  const eurPdf = await invoicePdf(eur);
  let eurId = '';

  await step('an EUR and a USD invoice are shown and aggregated apart', page, async () => {
    const usd: PdfInvoice = {
      ...eur,
      vendor: 'Prairie Glass Works',
      number: 'PG-7781',
      sign: '$',
      currency: 'USD',
      items: [['Lobby window replacement', 640]],
      tax: 51.2,
    };
    const ids = await uploadAndWait(page, {
      'rheinland-facade.pdf': eurPdf,
      'prairie-glass.pdf': await invoicePdf(usd),
    });
    eurId = ids['rheinland-facade.pdf'];
    let dialog = await openInvoice(page, eurId);
    await dialog.getByText('€2,380.00').first().waitFor();
    await dialog.getByText('€2,000.00').first().waitFor();
    assert(!(await dialog.getByText('$2,380.00').count()), 'the EUR total is shown in dollars');
    await page.keyboard.press('Escape');
    dialog = await openInvoice(page, ids['prairie-glass.pdf']);
    await dialog.getByText('$691.20').first().waitFor();
    // Decided here, so the keyboard review below has the queue to itself.
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await seen(page, 'Invoice approved');
    await page.keyboard.press('Escape');

    // The dashboard's Monthly Total is in the organization's currency, the euros beside it, not added.
    await page.goto('/');
    const monthly = page.getByRole('group', { name: 'Monthly Total' });
    await monthly.getByText('€2,380.00').waitFor({ timeout: 20_000 });
    assert(!/\$[\d,]*3,071\.20/.test((await monthly.textContent()) ?? ''), 'euros were added to the dollars');
    await shot(page, 'dashboard-currencies');

    await page.goto('/analytics');
    const currencies = page.getByRole('group', { name: 'Currency' });
    await currencies.getByRole('button', { name: 'EUR' }).click();
    const total = page.getByRole('group', { name: 'Total Amount' });
    await total.getByText('€2,380.00', { exact: true }).waitFor();
    await currencies.getByRole('button', { name: 'USD' }).click();
    await total.getByText(/^\$/).first().waitFor();
    await total.getByText('Also €2,380.00').waitFor();
    await page.getByText('Of the fields the AI read', { exact: false }).first().waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'analytics-currencies', true);
    await assertA11y(page, 'analytics with two currencies');
  });

  await step(
    'a byte-identical re-upload is flagged after the first copy was edited, and approving it asks first',
    page,
    async () => {
      // The first copy's number and total are corrected: only the file's bytes still match.
      let dialog = await openInvoice(page, eurId);
      await dialog.getByRole('button', { name: 'Edit' }).click();
      // The form opens on the field needing attention; typing starts once it has.
      await dialog.getByRole('heading', { name: 'Edit Invoice' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id.startsWith('edit-'));
      const number = dialog.getByLabel('Invoice Number');
      await number.fill('RF-2025-311-A');
      await dialog.getByLabel('Total Amount').fill('2390.00');
      assert(
        (await number.inputValue()) === 'RF-2025-311-A',
        `the invoice number reads ${await number.inputValue()} after typing`,
      );
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await seen(page, 'Invoice updated successfully');
      await dialog.getByText('Edited by', { exact: false }).first().waitFor();
      await page.keyboard.press('Escape');

      const ids = await uploadAndWait(page, { 'rheinland-facade.pdf': eurPdf });
      const copyId = ids['rheinland-facade.pdf'];
      assert(copyId && copyId !== eurId, 'the re-upload is not a new invoice');
      dialog = await openInvoice(page, copyId);
      await dialog.getByText('Why this needs review').waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve a possible duplicate?' });
      await confirm.getByText(/may be a duplicate of invoice #RF-2025-311/).waitFor();
      await page.waitForTimeout(300);
      await shot(page, 'duplicate-confirmation');
      await assertA11y(page, 'duplicate confirmation');
      // The link opens the other invoice in the dialog.
      await confirm.getByRole('button', { name: /^Open invoice #RF-2025-311/ }).click();
      await page.waitForURL(new RegExp(`invoice=${eurId}`));
      await page
        .getByRole('dialog')
        .first()
        .getByRole('heading', { name: /Invoice #RF-2025-311-A/ })
        .waitFor();

      dialog = await openInvoice(page, copyId);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('dialog', { name: 'Approve a possible duplicate?' })
        .getByRole('button', { name: 'Approve anyway' })
        .click();
      await seen(page, 'Invoice approved');
      // Then the dialog moves on to the next invoice waiting: the edited first copy, decided too.
      await page.waitForURL(new RegExp(`invoice=${eurId}`));
      dialog = page.getByRole('dialog').first();
      await dialog.getByRole('heading', { name: /Invoice #RF-2025-311-A/ }).waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await seen(page, 'Invoice approved');
      await dialog.getByText('Approved', { exact: true }).first().waitFor();
      await page.keyboard.press('Escape');
    },
  );

  const keyboardInvoices: PdfInvoice[] = [
    {
      ...eur,
      vendor: 'Harbor Line Electric',
      number: 'HLE-5501',
      sign: '$',
      currency: 'USD',
      due: inDays(3),
      items: [['Panel inspection, building A', 420]],
      tax: 0,
    },
    {
      ...eur,
      vendor: 'Cedar Ridge Landscaping',
      number: 'CRL-0907',
      sign: '$',
      currency: 'USD',
      due: inDays(4),
      items: [['Spring cleanup', 860]],
      tax: 0,
    },
    {
      ...eur,
      vendor: 'Summit Elevator Service',
      number: 'SES-3120',
      sign: '$',
      currency: 'USD',
      due: inDays(5),
      items: [['Quarterly elevator service', 1275]],
      tax: 0,
    },
  ];
  let keyboardIds: string[] = [];

  await step('a full keyboard-only review of three invoices (no mouse)', page, async () => {
    const ids = await uploadAndWait(page, {
      'harbor-line.pdf': await invoicePdf(keyboardInvoices[0]),
      'cedar-ridge.pdf': await invoicePdf(keyboardInvoices[1]),
      'summit-elevator.pdf': await invoicePdf(keyboardInvoices[2]),
    });
    keyboardIds = [ids['harbor-line.pdf'], ids['cedar-ridge.pdf'], ids['summit-elevator.pdf']];
    const dialog = await openInvoice(page, keyboardIds[0]);
    const heading = (n: number) =>
      dialog.getByRole('heading', { name: new RegExp(`Invoice #${keyboardInvoices[n].number}`) });
    await heading(0).waitFor();

    // Focus starts on a field, not on Close; Tab walks the fields, each shown on the document.
    await page.waitForFunction(() => Boolean((document.activeElement as HTMLElement | null)?.dataset.field));
    const first = await focusedField(page);
    assert(first, 'the dialog did not open on a field');
    const walked = [first];
    let highlighted = 0;
    // A field read from the page (a button over it) shows its box on the document as it is focused.
    const checkHighlight = async () => {
      if (
        await page.evaluate(() =>
          (document.activeElement as HTMLElement | null)?.matches('button[data-field]'),
        )
      ) {
        // The box is drawn on the rendered page: the first page may still be drawing on a busy machine.
        await dialog.getByTestId('field-highlight').waitFor({ timeout: 20_000 });
        highlighted++;
      }
    };
    await checkHighlight();
    for (let i = 0; i < 6 && walked.at(-1) !== 'vendorAddress'; i++) {
      await page.keyboard.press('Tab');
      walked.push((await focusedField(page)) ?? '(left the fields)');
      await checkHighlight();
    }
    assert(!walked.includes('(left the fields)'), `Tab left the fields: ${walked.join(' → ')}`);
    assert(new Set(walked).size === walked.length, `Tab repeated a field: ${walked.join(' → ')}`);
    assert(highlighted > 0, `no field on the way was shown on the document: ${walked.join(' → ')}`);
    await shot(page, 'keyboard-review-field-focus');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Next invoice in the queue').waitFor();
    await shot(page, 'keyboard-shortcuts-overlay');
    await assertA11y(page, 'keyboard shortcuts overlay');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    assert(await dialog.isVisible(), 'Esc on the overlay closed the invoice too');

    // J and K move through the queue (due first first), A approves and the next one opens.
    await page.keyboard.press('j');
    await heading(1).waitFor();
    await page.keyboard.press('k');
    await heading(0).waitFor();
    await page.keyboard.press('a');
    await seen(page, 'Invoice approved');
    await heading(1).waitFor();

    // E edits, starting in a field; typing there triggers no shortcut; Enter saves.
    await page.waitForFunction(() => Boolean((document.activeElement as HTMLElement | null)?.dataset.field));
    await page.keyboard.press('e');
    await dialog.getByRole('heading', { name: 'Edit Invoice' }).waitFor();
    // The caret is in the box before typing. The form puts it on its start field as it opens; the test
    // moves it to Notes only after that (once in CI the caret was back on Vendor Name after this focus
    // call, a cause not yet found, so this orders the two and the wait below still fails on a steal).
    await page.waitForFunction(() => Boolean(document.activeElement?.id.startsWith('edit-')));
    const notes = dialog.getByLabel('Notes');
    await notes.focus();
    await page.waitForFunction(() => document.activeElement?.id === 'edit-notes');
    await page.keyboard.type('ask about the rake');
    assert((await notes.inputValue()) === 'ask about the rake', 'typing was taken as shortcuts');
    await page.keyboard.press('Escape');
    assert(await dialog.isVisible(), 'Esc in a text box closed the dialog');
    await dialog.getByLabel('Vendor Name').focus();
    await page.keyboard.press('Enter');
    await seen(page, 'Invoice updated successfully');
    await dialog.getByText('Extracted Information').waitFor();

    // R rejects: the reason box takes the focus; Tab, Tab, Enter confirms; the last one opens.
    await dialog.focus();
    await page.keyboard.press('r');
    await page.keyboard.type('Work not done yet');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await seen(page, 'Invoice rejected');
    await heading(2).waitFor();
    await page.waitForFunction(() => Boolean((document.activeElement as HTMLElement | null)?.dataset.field));
    await page.keyboard.press('a');
    await seen(page, 'Invoice approved');
    await dialog.getByText('Approved', { exact: true }).first().waitFor();
    await shot(page, 'keyboard-review-done');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  await step('the Invoices page: found, opened, corrected and approved by keyboard alone', page, async () => {
    const bayside: PdfInvoice = {
      ...keyboardInvoices[0],
      vendor: 'Bayside Pest Control',
      number: 'BPC-7781',
      due: inDays(20),
      items: [['Quarterly pest treatment', 240]],
    };
    await uploadAndWait(page, { 'bayside-pest.pdf': await invoicePdf(bayside) });
    await page.goto('/invoices?q=BPC-7781');
    const view = page.getByRole('button', { name: 'View invoice BPC-7781' });
    await view.waitFor();
    // Tab from the top of the page to the card's View button, then Enter: no mouse on the way.
    const onView = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'View invoice BPC-7781');
    for (let i = 0; i < 60 && !(await onView()); i++) await page.keyboard.press('Tab');
    assert(await onView(), 'Tab never reached the invoice card');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').first();
    await dialog.getByRole('heading', { name: /Invoice #BPC-7781/ }).waitFor();
    await page.waitForFunction(() => Boolean((document.activeElement as HTMLElement | null)?.dataset.field));

    // E edits here too; Tab reaches Notes; typing there is text, not shortcuts.
    await page.keyboard.press('e');
    await dialog.getByRole('heading', { name: 'Edit Invoice' }).waitFor();
    const inNotes = () => page.evaluate(() => document.activeElement?.id === 'edit-notes');
    // Each date box is three stops (month, day, year): the form has some forty stops before Notes.
    for (let i = 0; i < 80 && !(await inNotes()); i++) await page.keyboard.press('Tab');
    assert(await inNotes(), 'Tab never reached Notes in the edit form');
    await page.keyboard.type('Checked against the service log');
    // Enter in a one-line field saves (in Notes it would start a new line).
    const inTextInput = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'text');
    for (let i = 0; i < 20 && !(await inTextInput()); i++) await page.keyboard.press('Shift+Tab');
    assert(await inTextInput(), 'Shift+Tab found no one-line field to save from');
    await page.keyboard.press('Enter');
    await seen(page, 'Invoice updated successfully');
    await dialog.getByText('Checked against the service log').waitFor();

    await page.waitForFunction(() => Boolean((document.activeElement as HTMLElement | null)?.dataset.field));
    await page.keyboard.press('a');
    await seen(page, 'Invoice approved');
    await shot(page, 'invoices-page-keyboard-review');
    await assertA11y(page, 'invoices page review dialog');
    // The next invoice in the queue may open in its place: Esc closes the dialog, and the card says Approved.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('listitem')
      .filter({ hasText: 'BPC-7781' })
      .getByText('Approved', { exact: true })
      .waitFor();
  });

  await step(
    'bulk: two invoices selected with x and approved together by keyboard, each reported',
    page,
    async () => {
      const tidewater = (number: string, amount: number): PdfInvoice => ({
        ...keyboardInvoices[0],
        vendor: 'Tidewater Gutter Co.',
        number,
        due: inDays(25),
        items: [['Gutter cleaning', amount]],
      });
      await uploadAndWait(page, {
        'tidewater-1.pdf': await invoicePdf(tidewater('TGC-3301', 180)),
        'tidewater-2.pdf': await invoicePdf(tidewater('TGC-3302', 195)),
      });
      await page.goto('/invoices?q=TGC-330');
      const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
      const tabTo = async (name: string, key = 'Tab') => {
        for (let i = 0; i < 60 && (await label()) !== name; i++) await page.keyboard.press(key);
        assert((await label()) === name, `${key} never reached "${name}"`);
      };
      await page.getByRole('checkbox', { name: 'Select invoice TGC-3302' }).waitFor();
      await page.getByRole('checkbox', { name: 'Select invoice TGC-3301' }).waitFor();
      await tabTo('Select invoice TGC-3301');
      await page.keyboard.press('x');
      await tabTo('Select invoice TGC-3302');
      await page.keyboard.press('x');
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await bar.getByText('2 selected').waitFor();
      // The bar is above the list: back up to its Approve.
      const onApprove = () =>
        page.evaluate(
          () =>
            document.activeElement?.closest('[aria-label="Bulk actions"]') !== null &&
            document.activeElement?.textContent?.trim() === 'Approve',
        );
      for (let i = 0; i < 30 && !(await onApprove()); i++) await page.keyboard.press('Shift+Tab');
      assert(await onApprove(), 'Shift+Tab never reached the bulk Approve');
      await page.keyboard.press('Enter');
      const report = page.getByRole('dialog', { name: 'Approve invoices' });
      await report.getByText('2 approved').waitFor({ timeout: 30_000 });
      for (const number of ['TGC-3301', 'TGC-3302'])
        await report
          .getByRole('row')
          .filter({ hasText: number })
          .getByRole('cell', { name: 'Approved', exact: true })
          .first()
          .waitFor();
      await shot(page, 'bulk-approve-report');
      await assertA11y(page, 'bulk approve report');
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'hidden' });
      await bar.getByText('Shift-click selects a range; x selects the focused invoice').waitFor();
      for (const number of ['TGC-3301', 'TGC-3302'])
        await page
          .getByRole('listitem')
          .filter({ hasText: number })
          .getByText('Approved', { exact: true })
          .waitFor();
    },
  );

  await step("a PDF that is not an invoice: 'We could not read this file', no Approve", page, async () => {
    const ids = await uploadAndWait(page, { 'meeting-notes.pdf': await notesPdf() });
    const dialog = await openInvoice(page, ids['meeting-notes.pdf']);
    await dialog.getByText('We could not read this file').waitFor();
    await dialog.getByRole('button', { name: 'Reprocess' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).waitFor();
    assert(
      !(await dialog.getByRole('button', { name: 'Approve' }).count()),
      'an unreadable file offers Approve',
    );
    assert(
      !(await dialog.getByText('uploaded and processed successfully', { exact: false }).count()),
      'an unreadable file reads as processed',
    );
    await page.keyboard.press('a');
    await page.waitForTimeout(300);
    assert(
      !(await page.getByText('Invoice approved', { exact: true }).count()),
      'A approved an unreadable file',
    );
    await page.waitForTimeout(500);
    await shot(page, 'could-not-read');
    await assertA11y(page, 'could not read dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await seen(page, 'Invoice deleted');
    await dialog.waitFor({ state: 'hidden' });
  });

  await step('a new vendor is created from an approved invoice and shown with its totals', page, async () => {
    await page.goto('/vendors?q=Harbor');
    const harbor = page.getByRole('row', { name: /Harbor Line Electric/ });
    await harbor.waitFor();
    assert(
      !(await harbor.getByText('Suggested', { exact: true }).count()),
      'an approved vendor is still a suggestion',
    );
    await harbor.getByRole('cell', { name: '$420.00' }).first().waitFor();
    await page.goto('/vendors?q=Cedar');
    // Its only invoice was rejected: the vendor stays a suggestion.
    await page
      .getByRole('row', { name: /Cedar Ridge Landscaping/ })
      .getByText('Suggested', { exact: true })
      .waitFor();
    await shot(page, 'vendors-built-from-invoices');
    await assertA11y(page, 'vendors with a suggestion');
  });
}
