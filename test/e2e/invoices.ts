/**
 * The first invoice's steps: Quick Upload on the dashboard, the client-side file check, the invoice dialog
 * with its drawn preview and highlight, the download, the Invoices page with CSV export and comments, the
 * Upload page's queue, and a byte-identical copy caught in review before the first copy is approved.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  assert,
  assertA11y,
  checkA11y,
  expectDrawnPage,
  expectTotalHighlight,
  seen,
  shot,
  step,
  viewFirstInvoice,
} from './helpers';

/** `pdfPath` is the sample invoice written to a file, uploaded here twice. */
export async function invoiceSteps(page: Page, pdfPath: string) {
  await step('Quick Upload shows progress, then processing, then the final status', page, async () => {
    const input = page.locator('input[type=file]').first();
    await input.setInputFiles(pdfPath);
    await page.getByText('acme-plumbing-invoice.pdf').first().waitFor();
    await page.getByText('Upload successful', { exact: true }).waitFor({ timeout: 20_000 });
    await shot(page, 'dashboard-uploading');
    await page.getByRole('list', { name: 'Uploads' }).getByText('Processed').waitFor({ timeout: 90_000 });
    await shot(page, 'dashboard-uploaded', true);
  });

  await step('client-side check rejects an unsupported file before uploading', page, async () => {
    const txt = join(tmpdir(), 'notes.txt');
    writeFileSync(txt, 'hello');
    await page.locator('input[type=file]').first().setInputFiles(txt);
    await page.getByText('notes.txt is not a supported file type', { exact: false }).first().waitFor();
  });

  await step('invoice detail dialog shows preview, extracted data and history', page, async () => {
    await page.reload();
    const { dialog, invoice } = await viewFirstInvoice(page);
    await dialog.getByText('History').waitFor();
    await expectDrawnPage(page);
    await page.waitForTimeout(500);
    await shot(page, 'invoice-detail-dialog');
    await checkA11y(page, 'invoice detail dialog');
    await expectTotalHighlight(page, dialog, invoice);
    await shot(page, 'invoice-detail-highlight');
    await checkA11y(page, 'invoice detail dialog with a highlight');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Total Amount').focus();
    await dialog.getByTestId('field-highlight').waitFor();
    await shot(page, 'invoice-edit-form');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The preview is no iframe: after a click into it, Escape still reaches the dialog.
    await dialog.getByRole('img', { name: /^Page 1 of / }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => {
      throw new Error('Escape after a click on the preview did not close the dialog');
    });
  });

  await step('download from the table saves the file', page, async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page
        .getByRole('button', { name: /^Download invoice/ })
        .first()
        .click(),
    ]);
    assert(/\.pdf$/i.test(download.suggestedFilename()), `download name ${download.suggestedFilename()}`);
  });

  await step('invoices page lists cards, opens the tabbed dialog, exports CSV', page, async () => {
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: /^Invoices/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page
      .getByRole('button', { name: /^View invoice/ })
      .first()
      .waitFor();
    await shot(page, 'invoices-page');
    await checkA11y(page, 'invoices page');
    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert(/\.csv$/i.test(csv.suggestedFilename()), `csv name ${csv.suggestedFilename()}`);
    await page
      .getByRole('button', { name: /^View invoice/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    for (const tab of ['Details', 'Line Items', 'Comments', 'Files'])
      await dialog.getByRole('tab', { name: tab }).waitFor();
    await dialog.getByRole('tab', { name: 'Comments' }).click();
    await dialog.getByLabel('Add a comment').fill('Checked against the work order.');
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await dialog.getByText('Checked against the work order.').waitFor();
    await shot(page, 'invoices-dialog-comments');
    await page.keyboard.press('Escape');
  });

  await step('upload page shows the queue and tips', page, async () => {
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Upload Tips' }).waitFor();
    await page.locator('input[type=file]').first().setInputFiles(pdfPath);
    await page
      .getByRole('list', { name: 'Processing Queue' })
      .getByText('acme-plumbing-invoice.pdf')
      .waitFor();
    await shot(page, 'upload-page');
    await checkA11y(page, 'upload page');
  });

  await step(
    'a byte-identical copy lands in Needs Review and asks before approving; then the PROCESSED invoice is approved from the dialog',
    page,
    async () => {
      await page
        .getByRole('list', { name: 'Processing Queue' })
        .getByText('Review Required')
        .waitFor({ timeout: 90_000 });
      await page.goto('/');
      await page
        .getByRole('link', { name: /^Review invoice/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog').first();
      await dialog.getByText('Why this needs review').waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve a possible duplicate?' });
      await confirm.getByText(/may be a duplicate of invoice #INV-2024-0187/).waitFor();
      await confirm.getByRole('button', { name: 'Approve anyway' }).click();
      await seen(page, 'Invoice approved');
      // The next invoice waiting opens: the first copy, PROCESSED, which reads as ready to approve.
      await dialog.getByText('Ready to approve.').waitFor();
      await dialog.getByText('Processed', { exact: true }).first().waitFor();
      await page.waitForTimeout(500);
      await shot(page, 'invoice-ready-to-approve');
      await assertA11y(page, 'invoice ready to approve');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.getByText('Approved', { exact: true }).first().waitFor();
      await shot(page, 'invoice-approved');
      await page.keyboard.press('Escape');
    },
  );
}
