/**
 * End-to-end suite: builds the SPA, starts `npm start` on a fresh DATA_DIR and a free PORT, and
 * drives Debian's Chromium through the main flows. Screenshots go to `screenshots/`.
 *
 *   npm run test:e2e                # build + run
 *   npm run test:e2e -- --no-build  # reuse web/dist
 *
 * This file runs the flows in order (later ones use the data earlier ones made) and prints the results;
 * the steps live in the modules beside it, what they share in helpers.ts.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { sampleInvoicePdf } from '../fixtures/sample-invoice';
import { appearanceSteps } from './appearance';
import { approvalSteps } from './approvals';
import { batchSplitSteps } from './batch-split';
import { decisionSteps } from './decisions';
import { entitySteps } from './entities';
import {
  a11y,
  assert,
  assertA11y,
  checkA11y,
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
import { invoiceSteps } from './invoices';
import { visitorSteps } from './landing';
import { moneyPathSteps } from './money-path';
import { newVendorReviewStep, teamInvitationStep } from './organization';
import { reportSteps } from './reports';
import { reviewLoopSteps } from './review-loop';
import { type RunningStack, startStack } from './stack';
import { vendorComplianceSteps } from './vendor-compliance';
import { webhookSteps } from './webhooks';

async function main() {
  const build = !process.argv.includes('--no-build');
  if (build) {
    console.log('Building the SPA...');
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  console.log('Starting npm start on a fresh data dir...');
  const t0 = Date.now();
  let stack: RunningStack | null = null;
  let browser: Browser | null = null;
  const errors: string[] = [];
  try {
    stack = await startStack(root);
    const { url, demo } = stack.info;
    console.log(`  stack ready at ${url} in ${Date.now() - t0} ms`);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    });

    // ---- visitor ----
    await visitorSteps(browser, url, errors);

    // ---- signed in ----
    const ctx: BrowserContext = await newContext(browser, url, 'light');
    const page = await ctx.newPage();
    watchErrors(page, errors);
    await step('demo user signs in through the real form and reaches the shell', page, async () => {
      await signIn(page, demo.email, demo.password);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      for (const name of [
        'Dashboard',
        'Invoices',
        'Upload',
        'Vendors',
        'Properties',
        'Analytics',
        'Reports',
        'Settings',
      ]) {
        assert(
          await page
            .getByRole('navigation', { name: 'Primary' })
            .getByRole('link', { name: new RegExp(`^${name}`) })
            .count(),
          `nav ${name}`,
        );
      }
      await page.getByRole('search').getByPlaceholder('Search invoices...').waitFor();
      await page
        .getByText(/Total Invoices/)
        .first()
        .waitFor();
      await page.waitForTimeout(800);
      await shot(page, 'dashboard-empty', true);
      await checkA11y(page, 'dashboard');
    });

    // The flows below read and approve invoices of vendors the demo organization never paid; a new
    // vendor's first invoice goes to review unless the admin says otherwise (on by default).
    await newVendorReviewStep(page);

    const pdf = await sampleInvoicePdf();
    const pdfPath = join(tmpdir(), 'acme-plumbing-invoice.pdf');
    writeFileSync(pdfPath, pdf);
    await invoiceSteps(page, pdfPath);
    await entitySteps(page);
    const approvedUrl = await decisionSteps(page, url, pdf);

    await reviewLoopSteps({ page, step, shot, seen, assertA11y });
    await webhookSteps({ page, step, shot, seen, assertA11y });
    // After the review loop, whose keyboard review counts the invoices waiting in review.
    await moneyPathSteps(
      { page, step, shot, seen, assertA11y },
      {
        dataDir: stack.dataDir,
        approvedInvoiceId: () => new URL(approvedUrl).searchParams.get('invoice') ?? '',
      },
    );

    // After the money path: its approved invoices are open payables in the reports beside this one.
    await reportSteps({ page, step, shot, seen, assertA11y });

    // Its 12 invoices are found by their file's name, so the invoices before and after it do not matter.
    await batchSplitSteps({ page, step, shot, seen, assertA11y });

    await teamInvitationStep(page);

    await approvalSteps({
      page,
      step,
      shot,
      seen,
      assertA11y,
      signIn,
      cognito: stack.info.cognito,
      newPage: async () => {
        const other = await (await newContext(browser as Browser, url, 'light')).newPage();
        watchErrors(other, errors);
        return other;
      },
    });

    // After the approvals: its rule (deleted at its end) would hold every uninsured vendor's invoice.
    await vendorComplianceSteps({ page, step, shot, seen, assertA11y });

    await appearanceSteps(page);

    await step('logout returns to the landing page', page, async () => {
      await page.getByRole('link', { name: 'Logout' }).click();
      await page
        .getByRole('heading', { level: 1, name: /AI-powered invoice processing/i })
        .waitFor({ timeout: 15_000 });
      // Signed out, an app path sends the visitor to sign-in again.
      await page.goto('/invoices');
      await page.waitForURL(/\/\?auth=signIn/);
    });
    await ctx.close();
  } finally {
    await browser?.close();
    if (stack) {
      if (results.some((r) => !r.ok)) writeFileSync(join(shots, 'npm-start.log'), stack.log());
      await stack.stop();
    }
  }

  console.log('\nAccessibility (serious + critical axe violations):');
  for (const r of a11y) {
    console.log(`  ${r.serious === 0 ? '✓' : '✗'} ${r.page}: ${r.serious}`);
    for (const d of r.details) console.log(`      ${d}`);
  }
  if (errors.length) {
    console.log('\nBrowser errors:');
    for (const e of [...new Set(errors)].slice(0, 20)) console.log(`  ${e}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed; screenshots in ${shots}`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
