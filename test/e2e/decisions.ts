/**
 * Decisions in review and the first QuickBooks bill: two more copies of the sample invoice land in review,
 * one is rejected (a reason is required), QuickBooks is connected and mapped from Settings, the other copy
 * is corrected and approved, and the approved invoice shows its QuickBooks Bill Id.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertA11y, seen, shot, step } from './helpers';

/** Runs the steps on `pdf` (the sample invoice); answers the URL of the invoice approved after its correction. */
export async function decisionSteps(page: Page, url: string, pdf: Buffer): Promise<string> {
  /** The invoice approved in review, whose QuickBooks Bill Id is checked after the sync. */
  let approvedUrl = url;

  const rejectPath = join(tmpdir(), 'acme-to-reject.pdf');
  const editPath = join(tmpdir(), 'acme-to-correct.pdf');
  writeFileSync(rejectPath, pdf);
  writeFileSync(editPath, pdf);
  await step('two more copies of the invoice land in review', page, async () => {
    await page.goto('/upload');
    await page.locator('input[type=file]').first().setInputFiles([rejectPath, editPath]);
    const queue = page.getByRole('list', { name: 'Processing Queue' });
    for (const file of ['acme-to-reject.pdf', 'acme-to-correct.pdf'])
      await queue
        .getByRole('listitem')
        .filter({ hasText: file })
        .getByText('Review Required')
        .waitFor({ timeout: 120_000 });
  });

  /** Opens the first invoice that needs review from the dashboard table; answers its dialog. */
  const openReviewInvoice = async () => {
    await page.goto('/?status=REVIEW_REQUIRED');
    await page
      .getByRole('button', { name: /^View invoice/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog').first();
    await dialog.getByText('Why this needs review').waitFor();
    return dialog;
  };

  await step('rejecting needs a reason, and the rejected invoice shows it', page, async () => {
    const rejectCalls: string[] = [];
    const onRequest = (r: import('playwright-core').Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/reject')) rejectCalls.push(r.url());
    };
    page.on('request', onRequest);
    let dialog = await openReviewInvoice();
    const reasonBox = dialog.getByLabel('Rejection Reason (Optional)');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await reasonBox.waitFor();
    await dialog.getByRole('button', { name: 'Confirm Rejection' }).click();
    await seen(page, 'Rejection reason required');
    await reasonBox.fill('   ');
    await dialog.getByRole('button', { name: 'Confirm Rejection' }).click();
    await seen(page, 'Please provide a reason for rejecting this invoice.');
    await page.waitForTimeout(500);
    assert(!rejectCalls.length, `a blank reason was sent (${rejectCalls.length} reject calls)`);
    assert(await dialog.getByRole('button', { name: 'Approve' }).isVisible(), 'a blank reason changed it');

    const reason = 'Duplicate of INV-2024-0187, already paid.';
    const rejectedUrl = page.url();
    assert(/[?&]invoice=/.test(rejectedUrl), `the open invoice is not in the URL: ${rejectedUrl}`);
    await reasonBox.fill(reason);
    await dialog.getByRole('button', { name: 'Confirm Rejection' }).click();
    await seen(page, 'Invoice rejected');
    page.off('request', onRequest);
    assert(rejectCalls.length === 1, `expected one reject call, saw ${rejectCalls.length}`);
    // After the decision the next invoice waiting (the other copy) opens in the same dialog.
    await page.waitForURL((u) => u.toString() !== rejectedUrl);
    await dialog.getByText('Why this needs review').waitFor();

    await page.goto(rejectedUrl);
    dialog = page.getByRole('dialog').first();
    await dialog.getByText('Rejected', { exact: true }).first().waitFor();
    await dialog
      .getByRole('term')
      .filter({ hasText: /^Rejection Reason$/ })
      .waitFor();
    await dialog.getByRole('definition').filter({ hasText: reason }).waitFor();
    assert(
      !(await dialog.getByRole('button', { name: 'Approve' }).count()),
      'a rejected invoice offers Approve',
    );
    await page.waitForTimeout(800);
    await shot(page, 'invoice-rejected');

    // The review queue leads on to the other copy still waiting, in the same dialog.
    const queue = dialog.getByRole('region', { name: 'Review queue' });
    await queue.getByText('1 other invoice waits for review').waitFor();
    await queue.getByRole('button', { name: /^Review next: Acme Plumbing Co\./ }).click();
    await dialog.getByText('Why this needs review').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).waitFor();
    assert(page.url() !== rejectedUrl, 'Next did not open another invoice');
    await page.keyboard.press('Escape');
  });

  await step(
    'the admin connects QuickBooks (the local fake consents) from Settings → Integrations',
    page,
    async () => {
      await page.goto(`${url}/settings#integrations`);
      await page.getByRole('button', { name: 'Connect to QuickBooks' }).click();
      // The browser goes to the consent page and comes back to /integrations/quickbooks/callback.
      await seen(page, 'QuickBooks connected', 30_000);
      await page.waitForURL(/\/settings#integrations$/);
      await page.getByText('QuickBooks Online', { exact: true }).first().waitFor();
      // The accounts are mapped on screen, from the company's own chart of accounts.
      await page.getByText('Accounts not mapped').first().waitFor();
      await page.getByRole('button', { name: 'Map accounts of QuickBooks Online' }).click();
      const mapping = page.getByRole('dialog', { name: 'Map accounts: QuickBooks Online' });
      await page.getByRole('combobox', { name: 'Default account' }).click();
      await page.getByRole('option', { name: 'Repairs and Maintenance (Expense)' }).click();
      await page.getByRole('combobox', { name: 'Tax account' }).click();
      await page.getByRole('option', { name: 'Sales Tax Paid (Other Expense)' }).click();
      await assertA11y(page, 'account mapping');
      await shot(page, 'quickbooks-mapping');
      await mapping.getByRole('button', { name: 'Save Mapping' }).click();
      await seen(page, 'The QuickBooks accounts are mapped.');
      await mapping.waitFor({ state: 'hidden' });
      assert(
        !(await page.getByText('Accounts not mapped').count()),
        'the card still says the accounts are not mapped',
      );
      await shot(page, 'quickbooks-connected');
    },
  );

  await step('an invoice in review is corrected, then approved', page, async () => {
    const note = 'Total corrected against work order WO-118.';
    let dialog = await openReviewInvoice();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Total Amount').fill('1250.00');
    // The property created on the Properties page is offered.
    await dialog.getByLabel('Property', { exact: true }).selectOption({ label: 'Oak Terrace' });
    await dialog.getByLabel('Notes').fill(note);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seen(page, 'Invoice updated successfully');
    await dialog.getByText('Extracted Information').waitFor();
    await dialog.getByText('$1,250.00').first().waitFor();
    await dialog.getByRole('definition').filter({ hasText: note }).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // A copy of an invoice already approved: the dialog asks first.
    await page
      .getByRole('dialog', { name: 'Approve a possible duplicate?' })
      .getByRole('button', { name: 'Approve anyway' })
      .click();
    await seen(page, 'Invoice approved');
    await dialog.getByText('Approved', { exact: true }).first().waitFor();

    approvedUrl = page.url();
    await page.reload();
    dialog = page.getByRole('dialog').first();
    await dialog.getByText('Approved', { exact: true }).first().waitFor();
    await dialog.getByText('$1,250.00').first().waitFor();
    await dialog.getByRole('definition').filter({ hasText: note }).waitFor();
    const decide = dialog.getByRole('button', { name: /^(Approve|Reject)$/ });
    assert(!(await decide.count()), 'an approved invoice still offers Approve or Reject');
    await page.waitForTimeout(800);
    await shot(page, 'invoice-edited-approved');
    await page.keyboard.press('Escape');
  });

  await step('the approved invoice shows its QuickBooks Bill Id', page, async () => {
    await page.goto(approvedUrl);
    const dialog = page.getByRole('dialog').first();
    const sync = dialog.getByRole('listitem').filter({ hasText: 'QuickBooks Online' });
    for (let i = 0; i < 15 && !(await sync.getByText('Synced', { exact: true }).count()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await sync.getByText('Synced', { exact: true }).waitFor({ timeout: 5000 });
    await sync.getByText(/^#\d+$/).waitFor();
    await shot(page, 'quickbooks-bill-id');
    await page.keyboard.press('Escape');
  });
  return approvedUrl;
}
