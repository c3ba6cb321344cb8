/**
 * The money path in the browser (issue 31): what QuickBooks receives is what the clerk approved. Run by
 * run.ts after QuickBooks was connected and mapped on screen. Each bill is read back from the local
 * QuickBooks fake through Intuit's own read API (`GET /bill/{id}`), with the fake's token from the stack's
 * local.json, and compared to the cent with the invoice as approved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type E2E, invoicePdf, openInvoice, uploadAndWait } from './review-loop';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const cents = (n: number | null | undefined) => Math.round((n ?? 0) * 100);
const today = new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

interface ApiInvoice {
  id: string;
  status: string;
  totalAmount: number | null;
  currency: string;
  vendorName: string | null;
  syncResults: {
    integrationName: string;
    type: string;
    status: string;
    remoteId: string | null;
    lastError?: string | null;
  }[];
}

/** A GET of our API as the signed-in person (the SPA keeps its ID token in localStorage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const answer = await fetch(p, {
      headers: { authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` },
    });
    if (!answer.ok) throw new Error(`GET ${p} answered ${answer.status}`);
    return answer.json();
  }, path) as Promise<T>;
}

/** The invoice once its QuickBooks outcome is final (SYNCED or FAILED), polled as the dialog would. */
async function settled(page: Page, id: string, timeoutMs = 60_000): Promise<ApiInvoice> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const invoice = await apiGet<ApiInvoice>(page, `/api/invoices/${id}`);
    const books = invoice.syncResults.find((r) => r.type === 'QUICKBOOKS');
    if (books && (books.status === 'SYNCED' || books.status === 'FAILED')) return invoice;
    if (Date.now() > until)
      throw new Error(`invoice ${id} did not settle: ${JSON.stringify(invoice.syncResults)}`);
    await page.waitForTimeout(1000);
  }
}

/** Reads a Bill or VendorCredit back from the QuickBooks fake, as Intuit's API answers it (null once deleted). */
async function readBack(
  dataDir: string,
  realmId: string,
  entity: 'bill' | 'vendorcredit',
  id: string,
): Promise<{ TotalAmt: number; CurrencyRef?: { value: string } } | null> {
  const local = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8')) as {
    quickbooks: { url: string; accessToken: string };
  };
  const answer = await fetch(
    `${local.quickbooks.url}/v3/company/${realmId}/${entity}/${id}?minorversion=75`,
    { headers: { authorization: `Bearer ${local.quickbooks.accessToken}`, accept: 'application/json' } },
  );
  if (answer.status === 400) return null;
  const body = (await answer.json()) as Record<string, { TotalAmt: number }>;
  return body[entity === 'bill' ? 'Bill' : 'VendorCredit'];
}

export async function moneyPathSteps(
  { page, step, shot, seen, assertA11y }: E2E,
  { dataDir, approvedInvoiceId }: { dataDir: string; approvedInvoiceId: () => string },
) {
  const realmId = async () => {
    const list = await apiGet<{ items: { type: string; config: Record<string, string> }[] }>(
      page,
      '/api/integrations',
    );
    const books = list.items.find((i) => i.type === 'QUICKBOOKS');
    assert(books?.config.realmId, 'no QuickBooks integration');
    return books.config.realmId;
  };

  await step('the bill in QuickBooks totals the approved invoice to the cent', page, async () => {
    const invoice = await settled(page, approvedInvoiceId());
    const books = invoice.syncResults.find((r) => r.type === 'QUICKBOOKS');
    assert(books?.status === 'SYNCED' && books.remoteId, `not synced: ${JSON.stringify(books)}`);
    const bill = await readBack(dataDir, await realmId(), 'bill', books.remoteId);
    assert(bill, `bill ${books.remoteId} is not in QuickBooks`);
    assert(
      cents(bill.TotalAmt) === cents(invoice.totalAmount),
      `QuickBooks has ${bill.TotalAmt}, the approved total is ${invoice.totalAmount}`,
    );
  });

  let creditId = '';
  await step(
    'a credit note: the clerk enters it negative, confirms, and QuickBooks gets a vendor credit',
    page,
    async () => {
      const ids = await uploadAndWait(page, {
        'harbor-credit.pdf': await invoicePdf({
          vendor: 'Harbor Supply Co',
          number: 'CN-4410',
          date: today,
          due: inDays(30),
          sign: '$',
          currency: 'USD',
          items: [['Returned thermostat', 53.3]],
          tax: 4.4,
        }),
      });
      creditId = ids['harbor-credit.pdf'];
      const dialog = await openInvoice(page, creditId);
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('Subtotal').fill('-53.30');
      await dialog.getByLabel('Tax Amount').fill('-4.40');
      await dialog.getByLabel('Total Amount').fill('-57.70');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await seen(page, 'Invoice updated successfully');
      await dialog.getByText('Credit', { exact: true }).first().waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve a credit note?' });
      await confirm.waitFor();
      await assertA11y(page, 'credit note confirmation');
      await confirm.getByRole('button', { name: 'Approve credit' }).click();
      await seen(page, 'Invoice approved');
      const invoice = await settled(page, creditId);
      const books = invoice.syncResults.find((r) => r.type === 'QUICKBOOKS');
      assert(books?.status === 'SYNCED' && books.remoteId, `credit not synced: ${JSON.stringify(books)}`);
      const credit = await readBack(dataDir, await realmId(), 'vendorcredit', books.remoteId);
      assert(
        credit && cents(credit.TotalAmt) === 5770,
        `QuickBooks vendor credit is ${credit?.TotalAmt}, not 57.70`,
      );
      await shot(page, 'credit-note-approved');
      await page.keyboard.press('Escape');
    },
  );

  await step(
    'reopening the approved credit takes the vendor credit back out of QuickBooks',
    page,
    async () => {
      const before = await settled(page, creditId);
      const remoteId = before.syncResults.find((r) => r.type === 'QUICKBOOKS')?.remoteId ?? '';
      const dialog = await openInvoice(page, creditId);
      await dialog.getByRole('button', { name: 'Reopen' }).click();
      const prompt = page.getByRole('dialog', { name: 'Reopen invoice' });
      await prompt
        .getByLabel('Why is this approved invoice reopened?')
        .fill('Credit booked against the wrong vendor');
      await prompt.getByRole('button', { name: 'Reopen Invoice' }).click();
      await dialog
        .getByText('Reopened after approval: Credit booked against the wrong vendor')
        .first()
        .waitFor();
      const realm = await realmId();
      const until = Date.now() + 30_000;
      while ((await readBack(dataDir, realm, 'vendorcredit', remoteId)) !== null) {
        assert(Date.now() < until, `vendor credit ${remoteId} is still in QuickBooks after the reopen`);
        await page.waitForTimeout(1000);
      }
      const reopened = await openInvoice(page, creditId);
      await reopened
        .getByRole('listitem')
        .filter({ hasText: 'QuickBooks Online' })
        .getByText('Taken back', { exact: true })
        .waitFor();
      await shot(page, 'credit-reopened');
      // Approved again: QuickBooks gets one new vendor credit, and the first stays deleted.
      await reopened.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('dialog', { name: 'Approve a credit note?' })
        .getByRole('button', { name: 'Approve credit' })
        .click();
      await seen(page, 'Invoice approved');
      const after = await settled(page, creditId);
      const newId = after.syncResults.find((r) => r.type === 'QUICKBOOKS' && r.status === 'SYNCED')?.remoteId;
      assert(newId && newId !== remoteId, `approved again, QuickBooks has ${newId} (first ${remoteId})`);
      const credit = await readBack(dataDir, realm, 'vendorcredit', newId);
      assert(cents(credit?.TotalAmt) === 5770, `the new vendor credit is ${credit?.TotalAmt}, not 57.70`);
      await page.keyboard.press('Escape');
    },
  );

  await step(
    'a receipt in ringgit: the clerk corrects the currency; QuickBooks in dollars refuses with the reason',
    page,
    async () => {
      const ids = await uploadAndWait(page, {
        'kedai-receipt.pdf': await invoicePdf({
          vendor: 'Kedai Runcit Maju',
          number: 'KR-88',
          date: today,
          due: inDays(7),
          sign: '$',
          currency: 'USD',
          items: [['Cleaning supplies', 42]],
          tax: 2.52,
        }),
      });
      const id = ids['kedai-receipt.pdf'];
      const dialog = await openInvoice(page, id);
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('Currency').selectOption('MYR');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await seen(page, 'Invoice updated successfully');
      await dialog.getByText('MYR', { exact: false }).first().waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await seen(page, 'Invoice approved');
      const invoice = await settled(page, id);
      const books = invoice.syncResults.find((r) => r.type === 'QUICKBOOKS');
      assert(invoice.currency === 'MYR', `currency is ${invoice.currency}`);
      assert(
        books?.status === 'FAILED' &&
          /is in MYR but the QuickBooks company keeps its books in USD only/.test(books.lastError ?? ''),
        `expected a refusal naming the currency, got ${JSON.stringify(books)}`,
      );
      // Approving moved the dialog on to the next invoice in review: open this one again.
      const again = await openInvoice(page, id);
      await again
        .getByText(/is in MYR but the QuickBooks company/)
        .first()
        .waitFor();
      await shot(page, 'currency-refused');
      await page.keyboard.press('Escape');
    },
  );

  await step('a misread vendor is corrected by picking the master vendor', page, async () => {
    const ids = await uploadAndWait(page, {
      'harbor-misread.pdf': await invoicePdf({
        vendor: 'HARBOR SUPPLY CO INVOICE COPY',
        number: 'HS-2291',
        date: today,
        due: inDays(30),
        sign: '$',
        currency: 'USD',
        items: [['Door closers', 180]],
        tax: 14.85,
      }),
    });
    const dialog = await openInvoice(page, ids['harbor-misread.pdf']);
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Vendor Name').fill('Harbor Supply');
    await dialog.getByRole('button', { name: /^Use Harbor Supply Co/ }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seen(page, 'Invoice updated successfully');
    const invoice = await apiGet<ApiInvoice & { vendorMatch: { by: string } | null }>(
      page,
      `/api/invoices/${ids['harbor-misread.pdf']}`,
    );
    assert(invoice.vendorName === 'Harbor Supply Co', `vendor is ${invoice.vendorName}`);
    assert(invoice.vendorMatch?.by === 'person', `linked ${JSON.stringify(invoice.vendorMatch)}`);
    if (invoice.status !== 'APPROVED') {
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await seen(page, 'Invoice approved');
    }
    await page.keyboard.press('Escape');
  });

  await step(
    'at 390 px an invoice in review opens with its reason in view, no sideways scroll, and is approved',
    page,
    async () => {
      // The same bytes twice: the second copy waits in review as a possible duplicate.
      const pdf = await invoicePdf({
        vendor: 'Lakeside Electric LLC',
        number: 'LE-5120',
        date: today,
        due: inDays(14),
        sign: '$',
        currency: 'USD',
        items: [['Panel inspection', 310]],
        tax: 0,
      });
      await uploadAndWait(page, { 'narrow-review.pdf': pdf });
      const ids = await uploadAndWait(page, { 'narrow-review-copy.pdf': pdf });
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await page.goto('/invoices');
        await page.getByRole('heading', { level: 1, name: /^Invoices/ }).waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= 390, `the Invoices list is ${wide} px wide at 390 px`);
        await shot(page, 'invoices-390');
        const dialog = await openInvoice(page, ids['narrow-review-copy.pdf']);
        const box = await dialog.getByText('Why this needs review').first().boundingBox();
        assert(box && box.y >= 0 && box.y < 844, `the review reason is off screen: ${JSON.stringify(box)}`);
        const dialogWide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(dialogWide <= 390, `the review dialog is ${dialogWide} px wide at 390 px`);
        await shot(page, 'review-390');
        await assertA11y(page, 'review dialog at 390 px');
        await dialog.getByRole('button', { name: 'Approve' }).click();
        // A possible duplicate: the dialog asks first.
        await page
          .getByRole('dialog', { name: 'Approve a possible duplicate?' })
          .getByRole('button', { name: 'Approve anyway' })
          .click();
        await seen(page, 'Invoice approved');
        await page.keyboard.press('Escape');
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
  );
}
