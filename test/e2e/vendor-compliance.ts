/**
 * Vendor compliance of issue 35 in the browser: the administrator sets an approval rule that blocks
 * approval while a vendor's insurance is missing or expired, adds a vendor with an expired certificate
 * (its signed PDF attached), uploads an invoice of that vendor and sees the review screen say why it is
 * held and the approval refused; then adds a current certificate and approves it. The rule is deleted
 * at the end, so the flows after this one see the organization as they would without it.
 * Run by run.ts on its stack; alone (its own stack, the demo user) with
 *   npx tsx test/e2e/vendor-compliance.ts [--no-build]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import { chromium, type Page } from 'playwright-core';
import {
  a11y,
  assert,
  assertA11y,
  newContext,
  results,
  root,
  seen,
  shot,
  shots,
  signIn,
  step,
  watchErrors,
} from './helpers';
import { type E2E, invoicePdf, openInvoice, uploadAndWait } from './review-loop';
import { startStack } from './stack';

const RULE = 'Uninsured vendors';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A one-page certificate of insurance, as a vendor would send it. */
function certificatePdf(vendor: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text('CERTIFICATE OF LIABILITY INSURANCE');
    doc.fontSize(11).text(`Insured: ${vendor}`);
    doc.text('Insurer: Hartford Fire Insurance Company');
    doc.text('Commercial general liability, each occurrence $1,000,000');
    doc.end();
  });
}

/** Opens the vendor's edit dialog from the Vendors page. */
async function editVendor(page: Page, name: string) {
  await page.goto('/vendors');
  await page.getByRole('heading', { level: 1, name: /^Vendor Management/ }).waitFor();
  await page
    .getByRole('button', { name: `Edit ${name}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Vendor' });
  await dialog.getByRole('heading', { name: 'Insurance certificates' }).waitFor();
  return dialog;
}

async function addCertificate(page: Page, vendor: string, policy: string, from: string, to: string) {
  const dialog = await editVendor(page, vendor);
  await dialog.getByLabel('Carrier').fill('Hartford');
  await dialog.getByLabel('Policy Number').fill(policy);
  await dialog.getByLabel('Effective Date').fill(from);
  await dialog.getByLabel('Expiry Date').fill(to);
  await dialog.getByRole('button', { name: 'Add Certificate' }).click();
  await seen(page, 'Certificate added');
  return dialog;
}

export async function vendorComplianceSteps({ page, step, shot, seen, assertA11y }: E2E) {
  const vendor = `Ridgeline Roofing ${Date.now().toString(36).slice(-4).toUpperCase()} LLC`;
  const expiredPolicy = 'GL-2025-0117';
  let invoiceId = '';

  await step(
    'compliance: the admin sets a rule that blocks approval of uninsured vendors',
    page,
    async () => {
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Approvals' }).click();
      await page.getByRole('button', { name: 'Add rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add approval rule' });
      await dialog.getByLabel('Name', { exact: true }).fill(RULE);
      await dialog.getByLabel('Only invoices from a vendor whose insurance is missing or expired').check();
      await dialog.getByLabel('Block approval until the vendor has a current insurance certificate').check();
      await dialog.getByRole('button', { name: 'Save rule' }).click();
      await seen(page, 'Approval rule added.');
      await page.getByText(/vendor insurance missing or expired \(approval blocked\)/).waitFor();
    },
  );

  await step('compliance: a vendor with an expired certificate, its PDF attached', page, async () => {
    await page.goto('/vendors');
    await page.getByRole('button', { name: 'Add Vendor' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create New Vendor' });
    await create.getByLabel('Vendor Name *').fill(vendor);
    await create.getByRole('button', { name: 'Create Vendor' }).click();
    await seen(page, 'Vendor created successfully');

    const dialog = await addCertificate(page, vendor, expiredPolicy, day(-400), day(-35));
    const pdfPath = join(tmpdir(), 'ridgeline-coi-2025.pdf');
    writeFileSync(pdfPath, await certificatePdf(vendor));
    await dialog.getByLabel(`Certificate file for ${expiredPolicy}`).setInputFiles(pdfPath);
    await seen(page, 'File attached');
    const download = dialog.getByRole('button', { name: 'Download ridgeline-coi-2025.pdf' });
    await download.waitFor();
    await dialog.getByRole('button', { name: `Replace file for certificate ${expiredPolicy}` }).waitFor();
    // The dialog's status follows the certificates added in it.
    await dialog
      .getByText(/^Insurance expired on /)
      .first()
      .waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert(file.suggestedFilename() === 'ridgeline-coi-2025.pdf', `downloaded ${file.suggestedFilename()}`);
    await dialog.getByRole('heading', { name: 'Insurance certificates' }).scrollIntoViewIfNeeded();
    await shot(page, 'vendor-certificate-attached');
    await assertA11y(page, 'vendor insurance section with a file');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();

    // The list shows the vendor's insurance as expired.
    const row = page.getByRole('row').filter({ hasText: vendor });
    await row.getByText('Expired', { exact: true }).waitFor();
    await shot(page, 'vendors-insurance-column');
  });

  await step('compliance: the vendor’s invoice is held and Approve is refused', page, async () => {
    const pdf = await invoicePdf({
      vendor,
      number: 'RR-5512',
      date: day(-3),
      due: day(27),
      sign: '$',
      currency: 'USD',
      items: [['Roof membrane repair, building B', 2400]],
      tax: 0,
    });
    invoiceId = (await uploadAndWait(page, { 'ridgeline-rr-5512.pdf': pdf }))['ridgeline-rr-5512.pdf'];
    const dialog = await openInvoice(page, invoiceId);
    const note = dialog.getByRole('note').filter({ hasText: RULE });
    await note.waitFor({ timeout: 20_000 });
    const text = (await note.textContent()) ?? '';
    assert(/insurance expired on|no current insurance certificate/.test(text), `hold note: ${text}`);
    assert(text.includes('It cannot be approved until a current insurance certificate is added'), text);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByText(/Failed to approve invoice: .*add a current certificate before approving/)
      .first()
      .waitFor();
    await shot(page, 'invoice-held-uninsured');
    await assertA11y(page, 'invoice held for insurance');
    await page.keyboard.press('Escape');
  });

  await step('compliance: a current certificate lets the invoice be approved', page, async () => {
    const edit = await addCertificate(page, vendor, 'GL-2026-0420', day(-10), day(355));
    await edit.getByRole('button', { name: 'Close dialog' }).click();
    const row = page.getByRole('row').filter({ hasText: vendor });
    await row.getByText('Insured', { exact: true }).waitFor();
    const dialog = await openInvoice(page, invoiceId);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(page, 'Invoice approved');
    await shot(page, 'invoice-approved-insured');

    // Later flows run without the rule.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Approvals' }).click();
    await page.getByRole('button', { name: `Delete ${RULE}` }).click();
    await page.getByRole('button', { name: `Delete ${RULE}` }).waitFor({ state: 'detached' });
  });
}

/** Alone: a fresh `npm start`, the demo user, these steps, and the results printed as run.ts prints them. */
async function main() {
  if (!process.argv.includes('--no-build'))
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  const stack = await startStack(root);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const errors: string[] = [];
  try {
    const page = await (await newContext(browser, stack.info.url, 'light')).newPage();
    watchErrors(page, errors);
    await signIn(page, stack.info.demo.email, stack.info.demo.password);
    await vendorComplianceSteps({ page, step, shot, seen, assertA11y });
  } finally {
    await browser.close();
    if (results.some((r) => !r.ok)) writeFileSync(join(shots, 'npm-start.log'), stack.log());
    await stack.stop();
  }
  for (const r of a11y) console.log(`  ${r.serious === 0 ? '✓' : '✗'} axe ${r.page}: ${r.serious}`);
  for (const e of [...new Set(errors)].slice(0, 20)) console.log(`  browser: ${e}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed; screenshots in ${shots}`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
