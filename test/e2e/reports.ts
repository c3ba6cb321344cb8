/**
 * The AP reports in the browser (issue 35): an approved invoice is an open payable in Payables aging
 * until someone marks it paid in the invoice dialog, and then leaves it. Printing the report leaves
 * the shell and the controls out.
 */
import type { Page } from 'playwright-core';
import { type E2E, invoicePdf, openInvoice, uploadAndWait } from './review-loop';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const VENDOR = 'Northwind Roofing LLC';

/** Opens Reports on Payables aging and waits until the report (or its empty state) is there. */
async function openAging(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/reports/aging',
  );
  await page.goto('/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const status = (await answer).status();
  assert(status === 200, `GET /api/reports/aging answered ${status}`);
  await page
    .getByRole('tabpanel', { name: 'Payables aging' })
    .getByRole('region')
    .or(page.getByText('No open payables'))
    .first()
    .waitFor();
  return page.getByRole('tabpanel', { name: 'Payables aging' });
}

export async function reportSteps({ page, step, shot, seen, assertA11y }: E2E) {
  await step('a paid invoice leaves payables aging: approve, mark paid, open Reports', page, async () => {
    const ids = await uploadAndWait(page, {
      'northwind-roof.pdf': await invoicePdf({
        vendor: VENDOR,
        number: 'NR-7781',
        date: inDays(-40),
        due: inDays(-10),
        sign: '$',
        currency: 'USD',
        items: [['Roof patch, building B', 820]],
        tax: 0,
      }),
    });
    const id = ids['northwind-roof.pdf'];
    let dialog = await openInvoice(page, id);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await seen(page, 'Invoice approved');
    await page.keyboard.press('Escape');

    // Approved and not paid: an open payable, 10 days past due.
    let aging = await openAging(page);
    const row = aging
      .getByRole('table', { name: /^By vendor/ })
      .getByRole('row', { name: new RegExp(VENDOR) });
    await row.waitFor();
    assert(/\$820\.00/.test((await row.textContent()) ?? ''), `the aging row is ${await row.textContent()}`);
    const csv = await aging.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    assert(/^\/api\/reports\/aging\.csv\?asOf=\d{4}-\d{2}-\d{2}$/.test(csv ?? ''), `CSV link ${csv}`);
    await page.waitForTimeout(300);
    await shot(page, 'reports-aging', true);
    await assertA11y(page, 'reports: payables aging');

    // Printed, the report stands alone: no navigation, no controls.
    await page.emulateMedia({ media: 'print' });
    assert(!(await page.getByRole('navigation', { name: 'Primary' }).isVisible()), 'the nav prints');
    assert(!(await aging.getByRole('link', { name: 'Download CSV' }).isVisible()), 'the controls print');
    await shot(page, 'reports-aging-print', true);
    await page.emulateMedia({ media: 'screen' });

    dialog = await openInvoice(page, id);
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    const ask = page.getByRole('dialog', { name: 'Mark as paid' });
    await ask.getByLabel('Paid on').waitFor();
    await assertA11y(page, 'mark as paid dialog');
    await ask.getByRole('button', { name: 'Mark as paid' }).click();
    await seen(page, 'Invoice marked paid');
    // The dialog's own line (the toast says it too, in a sentence that goes on).
    await dialog.getByText(/Paid on \w{3} \d{1,2}, \d{4}$/).waitFor();
    await dialog.getByRole('button', { name: 'Undo paid' }).waitFor();
    await shot(page, 'invoice-marked-paid');
    await page.keyboard.press('Escape');

    aging = await openAging(page);
    await page.waitForTimeout(300);
    assert(
      !(await aging.getByRole('row', { name: new RegExp(VENDOR) }).count()),
      `${VENDOR} is still in payables aging after it was marked paid`,
    );
    await shot(page, 'reports-aging-after-paid', true);
  });

  await step('each report tab shows its report from the server, with its CSV link', page, async () => {
    await openAging(page);
    const tabs: [string, string, RegExp][] = [
      [
        'Cash requirements',
        '/api/reports/cash-requirements',
        /^\/api\/reports\/cash-requirements\.csv\?asOf=/,
      ],
      ['Spend per door', '/api/reports/spend-per-door', /^\/api\/reports\/spend-per-door\.csv\?from=.*&to=/],
      ['Recurring bills', '/api/reports/recurring', /^\/api\/reports\/recurring\.csv\?month=/],
    ];
    for (const [name, path, csv] of tabs) {
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === path,
      );
      await page.getByRole('tab', { name }).click();
      const status = (await answer).status();
      assert(status === 200, `GET ${path} answered ${status}`);
      const panel = page.getByRole('tabpanel', { name });
      // A report block, or the empty state's card: never the error state.
      await panel
        .getByRole('region')
        .or(panel.getByText(/^No |^Nothing /))
        .first()
        .waitFor();
      assert(!(await panel.getByRole('alert').count()), `${name} shows an error`);
      const href = await panel.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      assert(csv.test(href ?? ''), `${name} CSV link ${href}`);
      await page.waitForTimeout(300);
      await shot(page, `reports-${name.toLowerCase().replace(/\W+/g, '-')}`, true);
    }
    await page.getByRole('tab', { name: '1099' }).click();
    await page.getByRole('region', { name: '1099 report' }).waitFor();
  });
}
