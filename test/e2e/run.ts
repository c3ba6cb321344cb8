/**
 * End-to-end suite: builds the SPA, starts `npm start` on a fresh DATA_DIR and a free PORT, and
 * drives Debian's Chromium through the main flows. Screenshots go to `screenshots/`.
 *
 *   npm run test:e2e                # build + run
 *   npm run test:e2e -- --no-build  # reuse web/dist
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { sampleInvoicePdf } from '../fixtures/sample-invoice';
import { approvalSteps } from './approvals';
import { moneyPathSteps } from './money-path';
import { reviewLoopSteps } from './review-loop';
import { type RunningStack, startStack } from './stack';
import { webhookSteps } from './webhooks';

const root = resolve(import.meta.dirname, '../..');
const shots = join(root, 'screenshots');
mkdirSync(shots, { recursive: true });

const results: { name: string; ok: boolean; ms: number; error?: string }[] = [];
const a11y: { page: string; serious: number; details: string[] }[] = [];

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function step(name: string, page: Page | null, fn: () => Promise<void>) {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true, ms: Date.now() - started });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, ms: Date.now() - started, error: message });
    console.log(`  ✗ ${name}\n      ${message.split('\n').join('\n      ')}`);
    if (page) {
      await page.screenshot({ path: join(shots, `FAILED-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
      // Close whatever dialog the failure left open, so the next step starts clean.
      for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => {});
    }
  }
}

async function checkA11y(page: Page, label: string) {
  const report = await new AxeBuilder({ page }).analyze();
  const bad = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const details = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target.join(' ')}`,
  );
  a11y.push({ page: label, serious: bad.length, details });
  return details;
}

/** Fails the step on any serious or critical axe violation. */
async function assertA11y(page: Page, label: string) {
  const details = await checkA11y(page, label);
  assert(details.length === 0, `axe on ${label}:\n${details.join('\n')}`);
}

/** Waits for a toast (or any text) shown once the action before it has answered. */
async function seen(page: Page, text: string, timeout = 15_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Waits until the page shows `theme` (the root element's class), failing after 3 s. */
async function expectTheme(page: Page, theme: 'light' | 'dark', message: string) {
  await page
    .waitForFunction((t) => document.documentElement.classList.contains(t), theme, { timeout: 3000 })
    .catch(() => {
      throw new Error(message);
    });
}

/** The signed-in pages checked with axe, each with what shows once its data has loaded. */
const A11Y_PAGES: { path: string; heading: RegExp; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/vendors',
    heading: /^Vendor Management/,
    ready: (p) => p.getByRole('table', { name: 'Vendors' }).waitFor(),
  },
  {
    path: '/properties',
    heading: /^Property Management/,
    ready: (p) => p.getByRole('table', { name: 'Properties' }).waitFor(),
  },
  {
    path: '/analytics',
    heading: /^Analytics Dashboard/,
    ready: (p) =>
      p.getByText('Top 10 Vendors').or(p.getByText('No analytics data available')).first().waitFor(),
  },
  { path: '/settings', heading: /^Settings/, ready: (p) => p.getByText('Quick Stats').waitFor() },
  { path: '/profile', heading: /^User Profile/, ready: (p) => p.getByText('Member Since').waitFor() },
  {
    path: '/organization',
    heading: /^Organization Settings/,
    ready: async (p) => {
      await p.getByText('API Usage').waitFor();
      await p.getByRole('table', { name: 'Team members' }).waitFor();
      await p.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    },
  },
];

async function assertPagesA11y(page: Page, theme: 'light' | 'dark') {
  const failures: string[] = [];
  for (const { path, heading, ready } of A11Y_PAGES) {
    try {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await ready(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600); // charts and badges finish their entry animation
      assert((await isDark(page)) === (theme === 'dark'), `${path} is not in the ${theme} theme`);
      const details = await checkA11y(page, `${path.slice(1)} (${theme})`);
      if (details.length) failures.push(`${path}:\n  ${details.join('\n  ')}`);
    } catch (error) {
      failures.push(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    }
  }
  assert(failures.length === 0, `axe (${theme}):\n${failures.join('\n')}`);
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
}

async function newContext(browser: Browser, baseURL: string, theme: 'light' | 'dark', width = 1280) {
  return browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    colorScheme: theme,
    acceptDownloads: true,
  });
}

function watchErrors(page: Page, bucket: string[]) {
  page.on('pageerror', (e) => bucket.push(`pageerror: ${e.message}`));
  // A failed API call is named by its method and path (the console's own line names neither).
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() !== 401)
      bucket.push(`response: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text()))
      bucket.push(`console: ${m.text()}`);
  });
}

type Located = { page: number; left: number; top: number; width: number; height: number };
type DialogInvoice = { id: string; fileName?: string; fieldLocations?: Record<string, Located> };

/** Clicks the first 'View invoice' button; answers the dialog and the invoice the API returned for it. */
async function viewFirstInvoice(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/api\/invoices\/[0-9A-Z]{26}$/.test(new URL(r.url()).pathname),
  );
  await page
    .getByRole('button', { name: /^View invoice/ })
    .first()
    .click();
  const invoice = (await (await answer).json()) as DialogInvoice;
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Extracted Information').waitFor();
  return { dialog, invoice };
}

/** Waits until pdf.js has drawn page 1 of the dialog's preview: a canvas with dark (text) pixels. */
async function expectDrawnPage(page: Page) {
  await page
    .waitForFunction(
      () => {
        const canvas = document.querySelector<HTMLCanvasElement>(
          '[role=dialog] canvas[aria-label^="Page 1 of"]',
        );
        if (!canvas?.width) return false;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let ink = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3] === 255 && Math.min(data[i], data[i + 1], data[i + 2]) < 128) ink++;
        return ink > 500;
      },
      null,
      { timeout: 20_000 },
    )
    .catch(() => {
      throw new Error('the PDF preview has no drawn page (no canvas with dark pixels)');
    });
}

/**
 * Hovers 'Total Amount' and checks the highlight sits over the page at the API's fractions, inside
 * the visible part of the preview.
 */
async function expectTotalHighlight(page: Page, dialog: Locator, invoice: DialogInvoice): Promise<void> {
  const button = dialog.getByRole('button', { name: 'Show Total Amount on the document' });
  const location = invoice.fieldLocations?.totalAmount;
  assert(location, 'the API returned no fieldLocations.totalAmount for a text PDF');
  await button.hover();
  const box = dialog.getByTestId('field-highlight');
  await box.waitFor();
  await page.waitForTimeout(700); // the smooth scroll that brings the box into view
  // No helper functions inside: tsx would wrap them in a `__name` call the page does not have.
  const geometry = await box.evaluate((el, pageNumber) => {
    const canvas = document.querySelector(`[role=dialog] canvas[aria-label^="Page ${pageNumber} of"]`);
    const scroller = el.closest('[data-preview-scroller]');
    return {
      box: el.getBoundingClientRect().toJSON() as DOMRect,
      canvas: canvas?.getBoundingClientRect().toJSON() as DOMRect | undefined,
      scroller: scroller?.getBoundingClientRect().toJSON() as DOMRect | undefined,
    };
  }, location.page);
  assert(geometry.canvas && geometry.scroller, `no canvas for page ${location.page}`);
  const { box: b, canvas: c, scroller: v } = geometry;
  const near = (actual: number, expected: number) => Math.abs(actual - expected) <= 2;
  assert(
    near(b.left, c.left + location.left * c.width) &&
      near(b.top, c.top + location.top * c.height) &&
      near(b.width, location.width * c.width) &&
      near(b.height, location.height * c.height),
    `highlight ${JSON.stringify(b)} is not at ${JSON.stringify(location)} of page ${JSON.stringify(c)}`,
  );
  assert(b.top >= v.top - 1 && b.bottom <= v.bottom + 1, 'the highlight was not scrolled into view');
}

/**
 * Signs in through the real form and waits for the shell; with `{ toChoice: true }` it waits instead for
 * the join page's choice, where a person with a pending invitation lands (they are in no organization yet).
 */
async function signIn(page: Page, email: string, password: string, options: { toChoice?: boolean } = {}) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL(/auth=signIn/);
  await page.getByLabel('Email').waitFor();
  await shot(page, 'sign-in-dialog');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (options.toChoice) {
    await page.waitForURL(/\/join/, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Choose your organization' }).waitFor();
    return;
  }
  await page.getByRole('navigation', { name: 'Primary' }).waitFor({ timeout: 20_000 });
}

async function signUpDialogShot(page: Page) {
  await page.goto('/api/login?auth=signUp&plan=PROFESSIONAL');
  await page.getByText('Starting your 14-day free trial').waitFor();
  await page.getByRole('button', { name: 'Create Account' }).last().waitFor();
  await shot(page, 'sign-up-dialog-dark');
  await checkA11y(page, 'sign-up dialog (dark)');
}

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
    let ctx: BrowserContext = await newContext(browser, url, 'light');
    let page = await ctx.newPage();
    watchErrors(page, errors);
    /** The invoice approved in review, whose QuickBooks Bill Id is checked after the sync. */
    let approvedUrl = url;

    await step('visitor sees the landing page with every section', page, async () => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /AI-powered invoice processing/i }).waitFor();
      for (const id of ['features', 'pricing', 'integrations', 'help', 'contact']) {
        assert(await page.locator(`#${id}`).count(), `missing section #${id}`);
        assert(await page.locator(`header a[href="#${id}"]`).count(), `missing header anchor #${id}`);
      }
      for (const text of [
        'AI-Powered Extraction',
        'Lightning Fast Processing',
        'Enterprise Security',
        'Advanced Analytics',
        'Most Popular',
        '94%',
        '2.3 minutes',
        '10,000+',
        'Live chat 9 AM - 6 PM EST',
      ]) {
        assert(await page.getByText(text, { exact: false }).first().isVisible(), `missing text: ${text}`);
      }
      const trial = page.getByRole('link', { name: 'Start Free Trial of the Professional plan' });
      assert((await trial.getAttribute('href')) === '/api/login?auth=signUp&plan=PROFESSIONAL', 'trial link');
      assert(
        (await page.getByRole('link', { name: 'Start Your Free Trial' }).getAttribute('href')) ===
          '/api/login',
        'CTA link',
      );
      await shot(page, 'landing-light', true);
      await checkA11y(page, 'landing (light)');
    });

    await step(
      'a visitor on an app path is sent to sign-in, an unknown path gets the 404 page',
      page,
      async () => {
        await page.goto('/invoices');
        await page.getByText('You are logged out. Logging in again...', { exact: true }).waitFor();
        await page.waitForURL(/\/\?auth=signIn/);
        await page.goto('/no-such-page');
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await page.getByText('Did you forget to add the page to the router?').waitFor();
      },
    );

    await step('Watch Demo runs the simulation without any server call', page, async () => {
      await page.goto('/');
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) apiCalls.push(r.url());
      });
      await page.getByRole('button', { name: 'Watch Demo' }).click();
      await page.getByText('sample-invoice.pdf').waitFor();
      await page.getByText('Uploading file').waitFor();
      await page.waitForTimeout(3500);
      await shot(page, 'landing-demo-running');
      await page.getByText('Invoice processed successfully!').waitFor({ timeout: 9000 });
      await shot(page, 'landing-demo-done');
      assert(apiCalls.length === 0, `demo called the server: ${apiCalls.join(', ')}`);
    });

    await step('newsletter validates the email and confirms with a toast', page, async () => {
      const field = page.getByLabel('Newsletter');
      await field.fill('not-an-email');
      await page.getByRole('button', { name: 'Subscribe to Updates' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await field.fill('pm@example.com');
      await page.getByRole('button', { name: 'Subscribe to Updates' }).click();
      await page.getByText('Subscribed', { exact: true }).waitFor();
    });
    await ctx.close();

    ctx = await newContext(browser, url, 'dark');
    page = await ctx.newPage();
    await step('landing renders in dark and at 375 px', page, async () => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert(
        await page.evaluate(() => document.documentElement.classList.contains('dark')),
        'dark class missing',
      );
      await shot(page, 'landing-dark');
      await checkA11y(page, 'landing (dark)');
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'landing-375-dark');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `landing overflows by ${overflow}px at 375`);
    });
    await step('Start Free Trial opens the create-account form with the plan', page, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signUpDialogShot(page);
    });
    await ctx.close();

    ctx = await newContext(browser, url, 'light');
    page = await ctx.newPage();
    watchErrors(page, errors);
    await step(
      'a new user signs up, confirms with the emailed code and lands on the dashboard',
      page,
      async () => {
        const email = `pm-${Date.now()}@example.com`;
        await page.goto('/');
        await page.getByRole('link', { name: 'Start Free Trial of the Starter plan' }).click();
        await page.waitForURL(/auth=signUp/);
        await page.getByLabel('First Name').fill('Riley');
        await page.getByLabel('Last Name').fill('Chen');
        await page.getByLabel('Work Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('Sup3r-Secret!pw');
        await page.getByLabel('Confirm Password').fill('Sup3r-Secret!pw');
        await page.getByRole('button', { name: 'Create Account' }).last().click();
        await page.getByLabel('Confirmation Code').waitFor({ timeout: 20_000 });
        let code = '';
        for (let i = 0; i < 40 && !code; i++) {
          const res = await fetch(`${url}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
          const box = (await res.json()) as { messages: { code: string }[] };
          code = box.messages.at(-1)?.code ?? '';
          if (!code) await new Promise((r) => setTimeout(r, 250));
        }
        assert(code, 'no confirmation code in the mailbox');
        await page.getByLabel('Confirmation Code').fill(code);
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        await page.getByRole('navigation', { name: 'Primary' }).waitFor({ timeout: 30_000 });
        // The names typed at sign-up reach the profile (read from the user pool on the first call).
        await page.getByText('Riley Chen').first().waitFor();
        await page.getByText("Welcome back, Riley! Here's what's happening with your invoices.").waitFor();
        await page.getByText('No recent activity').waitFor();
        await shot(page, 'dashboard-new-user');
      },
    );
    await ctx.close();

    // ---- signed in ----
    ctx = await newContext(browser, url, 'light');
    page = await ctx.newPage();
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
    await step(
      "organization: the admin lets a new vendor's first invoice pass without review",
      page,
      async () => {
        await page.goto('/organization');
        const review = page.getByRole('checkbox', {
          name: 'Send the first invoice from a new vendor to review',
        });
        assert(await review.isChecked(), 'the review of new vendors is not on by default');
        await review.uncheck();
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await seen(page, 'Organization updated');
        await page.goto('/');
      },
    );

    const pdf = await sampleInvoicePdf();
    const pdfPath = join(tmpdir(), 'acme-plumbing-invoice.pdf');
    writeFileSync(pdfPath, pdf);
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

    await step('vendors: create, edit, search (kept in the URL), delete after confirming', page, async () => {
      await page.goto('/vendors');
      await page.getByRole('heading', { level: 1, name: /^Vendor Management/ }).waitFor();
      // Processing already suggested the vendors of the invoices uploaded above.
      await page
        .getByRole('table', { name: 'Vendors' })
        .or(page.getByText('No vendors yet'))
        .first()
        .waitFor();
      const before = Number(
        (await page.getByLabel(/^\d+ vendors$/).getAttribute('aria-label'))?.split(' ')[0] ?? 0,
      );

      await page.getByRole('button', { name: 'Add Vendor' }).first().click();
      let dialog = page.getByRole('dialog', { name: 'Create New Vendor' });
      await dialog.getByRole('button', { name: 'Create Vendor' }).click();
      await dialog.getByText('Vendor name is required').waitFor();
      assert(
        (await dialog.getByLabel('Vendor Name *').getAttribute('aria-invalid')) === 'true',
        'the empty name is not marked invalid',
      );
      // The form moves the focus to the invalid name once it has shown the error; typing before that
      // lands in the name field, so wait for it.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      await dialog.getByLabel('Email').fill('billing@');
      await dialog.getByRole('button', { name: 'Create Vendor' }).click();
      await dialog.getByText('Invalid email address').waitFor();
      await shot(page, 'vendor-create-errors');
      await assertA11y(page, 'vendor form with errors');
      const address = '4500 Industrial Parkway, Suite 210, Springfield, IL 62704';
      await dialog.getByLabel('Vendor Name *').fill('Bright Electric Co');
      await dialog.getByLabel('Email').fill('billing@brightelectric.test');
      await dialog.getByLabel('Phone').fill('(217) 555-0188');
      await dialog.getByLabel('Address').fill(address);
      await dialog.getByRole('button', { name: 'Create Vendor' }).click();
      await seen(page, 'Vendor created successfully');
      await dialog.waitFor({ state: 'hidden' });
      const bright = page.getByRole('row', { name: /Bright Electric Co/ });
      await bright.getByText('4500 Industrial Parkway, Suite...').waitFor();

      await page.getByRole('button', { name: 'Add Vendor' }).first().click();
      dialog = page.getByRole('dialog', { name: 'Create New Vendor' });
      await dialog.getByLabel('Vendor Name *').fill('Green Lawns LLC');
      await dialog.getByRole('button', { name: 'Create Vendor' }).click();
      await seen(page, 'Vendor created successfully');
      await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
      await page.getByLabel(`${before + 2} vendors`).waitFor();

      await page.getByRole('button', { name: 'Edit Bright Electric Co' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit Vendor' });
      const name = dialog.getByLabel('Vendor Name *');
      assert((await name.inputValue()) === 'Bright Electric Co', 'the edit form is not filled in');
      await name.fill('Bright Electric Company');
      await dialog.getByLabel('Payment Terms').fill('Net 45');
      await shot(page, 'vendor-edit-dialog');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await seen(page, 'Vendor updated successfully');
      await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();

      const box = page.getByRole('searchbox', { name: 'Search vendors' });
      await box.fill('green');
      await page.waitForURL(/[?&]q=green/);
      await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
      await page.reload();
      await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
      assert((await box.inputValue()) === 'green', 'the search text is lost on reload');
      assert(
        !(await page.getByRole('row', { name: /Bright Electric/ }).count()),
        'search ignored after reload',
      );
      await page
        .getByRole('navigation', { name: 'Primary' })
        .getByRole('link', { name: /^Properties/ })
        .click();
      await page.getByRole('heading', { level: 1, name: /^Property Management/ }).waitFor();
      await page.goBack();
      await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
      assert((await box.inputValue()) === 'green', 'the search text is lost after Back');
      await shot(page, 'vendors-search');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();
      assert(!/[?&]q=/.test(page.url()), `the cleared search stays in the URL: ${page.url()}`);

      await page.getByRole('button', { name: 'Delete Bright Electric Company' }).click();
      dialog = page.getByRole('dialog', { name: 'Delete vendor?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();
      await page.getByRole('button', { name: 'Delete Bright Electric Company' }).click();
      await dialog
        .getByText('Bright Electric Company will be removed from your vendor list.', { exact: false })
        .waitFor();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await seen(page, 'Vendor deleted successfully');
      await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor({ state: 'detached' });
      await page.getByLabel(`${before + 1} vendors`).waitFor();
      await shot(page, 'vendors-page');
    });

    await step('properties: required fields, create, edit, delete after confirming', page, async () => {
      await page.goto('/properties');
      await page.getByRole('heading', { level: 1, name: /^Property Management/ }).waitFor();
      await page.getByText('No properties yet').waitFor();
      await page.getByRole('button', { name: 'Add Property' }).first().click();
      let dialog = page.getByRole('dialog', { name: 'Create New Property' });
      await dialog.getByLabel('Units').fill('-2');
      await dialog.getByRole('button', { name: 'Create Property' }).click();
      for (const message of [
        'Property name is required',
        'Property type is required',
        'Address is required',
        'Must be at least 1',
      ])
        await dialog.getByText(message, { exact: true }).waitFor();
      await shot(page, 'property-create-errors');
      await assertA11y(page, 'property form with errors');

      await dialog.getByLabel('Property Name *').fill('Maple Court');
      await dialog.getByRole('combobox', { name: 'Property Type' }).click();
      await page.getByRole('option', { name: 'Apartment Complex' }).click();
      await dialog.getByLabel('Address *').fill('450 Maple Ave, Springfield, IL 62704');
      await dialog.getByLabel('Units').fill('48');
      await dialog.getByLabel('Monthly Rent ($)').fill('1450.50');
      await dialog.getByRole('button', { name: 'Create Property' }).click();
      await seen(page, 'Property created successfully');
      await dialog.waitFor({ state: 'hidden' });
      let maple = page.getByRole('row', { name: /Maple Court/ });
      await maple.getByRole('cell', { name: '$1,450.50', exact: true }).waitFor();
      await maple.getByRole('cell', { name: 'Apartment Complex', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Add Property' }).first().click();
      dialog = page.getByRole('dialog', { name: 'Create New Property' });
      await dialog.getByLabel('Property Name *').fill('Oak Terrace');
      await dialog.getByRole('combobox', { name: 'Property Type' }).click();
      await page.getByRole('option', { name: 'Multi Family' }).click();
      await dialog.getByLabel('Address *').fill('12 Oak St, Springfield, IL 62704');
      await dialog.getByRole('button', { name: 'Create Property' }).click();
      await seen(page, 'Property created successfully');
      await page.getByLabel('2 properties').waitFor();

      await page.getByRole('button', { name: 'Edit Maple Court' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit Property' });
      assert((await dialog.getByLabel('Units').inputValue()) === '48', 'the edit form is not filled in');
      await dialog.getByLabel('Units').fill('52');
      await dialog.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Inactive' }).click();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await seen(page, 'Property updated successfully');
      maple = page.getByRole('row', { name: /Maple Court/ });
      await maple.getByRole('cell', { name: '52', exact: true }).waitFor();
      await maple.getByText('Inactive', { exact: true }).waitFor();
      await shot(page, 'properties-page');

      await page.getByRole('button', { name: 'Delete Maple Court' }).click();
      dialog = page.getByRole('dialog', { name: 'Delete property?' });
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await seen(page, 'Property deleted successfully');
      await maple.waitFor({ state: 'detached' });
      await page.getByLabel('1 properties').waitFor();
    });

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

    await step('organization: the admin invites a teammate, sees it pending, revokes it', page, async () => {
      await page.goto('/organization');
      await page.getByRole('heading', { level: 1, name: /^Organization Settings/ }).waitFor();
      const members = page.getByRole('table', { name: 'Team members' });
      await members.getByText('You', { exact: true }).waitFor();
      assert(
        !(await members.getByRole('button', { name: /^Remove / }).count()),
        'the only member (the admin) can remove themself',
      );
      await page.getByText('No pending invitations').waitFor();
      const email = page.getByLabel('E-mail Address');
      const invite = page.getByRole('button', { name: 'Invite', exact: true });
      await email.fill('teammate@');
      await invite.click();
      await page.getByText('Invalid email address').waitFor();
      assert((await email.getAttribute('aria-invalid')) === 'true', 'the bad address is not marked invalid');

      await email.fill('teammate@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('MEMBER');
      await invite.click();
      await seen(page, 'Invitation created');
      const pending = page.getByRole('list', { name: 'Pending invitations' });
      const row = pending.getByRole('listitem').filter({ hasText: 'teammate@example.com' });
      await row.getByText('Member', { exact: true }).waitFor();
      const origin = new URL(page.url()).origin;
      await page
        .getByRole('status')
        .filter({ hasText: `Ask teammate@example.com to sign up at ${origin} with this address` })
        .first()
        .waitFor();

      // Inviting the same address again is refused with the server's message.
      await email.fill('teammate@example.com');
      await invite.click();
      await seen(page, 'teammate@example.com has already been invited');
      // Axe and the screenshot look at the card, so the toast is closed first.
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Invitation failed' })
        .getByRole('button', { name: 'Close' })
        .click();
      await page
        .getByText('teammate@example.com has already been invited', { exact: true })
        .waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      await assertA11y(page, 'organization team with a pending invitation');
      await page
        .getByRole('heading', { name: 'Team', exact: true })
        .evaluate((h) => h.closest('.rounded-xl')?.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(200);
      await shot(page, 'organization-team');

      await page.getByRole('button', { name: 'Revoke invitation for teammate@example.com' }).click();
      await seen(page, 'Invitation revoked');
      await page.getByText('No pending invitations').waitFor();
      await page.reload();
      await page.getByText('No pending invitations').waitFor();
      assert(!(await page.getByText('teammate@example.com').count()), 'the revoked invitation is back');
    });

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

    await step(
      'axe: vendors, properties, analytics, settings, profile, organization (light)',
      page,
      async () => {
        await assertPagesA11y(page, 'light');
      },
    );

    await step('unknown path inside the app shows the 404 page', page, async () => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    });

    await step('dashboard in dark and at 375 px (drawer)', page, async () => {
      await page.goto('/');
      await page.getByRole('button', { name: /Switch to dark theme/ }).click();
      await page.waitForTimeout(500);
      await shot(page, 'dashboard-dark', true);
      await checkA11y(page, 'dashboard (dark)');
      const { dialog, invoice } = await viewFirstInvoice(page);
      await expectDrawnPage(page);
      await page.waitForTimeout(500);
      await shot(page, 'invoice-detail-dialog-dark');
      await checkA11y(page, 'invoice detail dialog (dark)');
      await expectTotalHighlight(page, dialog, invoice);
      await shot(page, 'invoice-detail-highlight-dark');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(300);
      await shot(page, 'dashboard-375-dark');
      const overflow = await page.evaluate(() => {
        const over = document.documentElement.scrollWidth - window.innerWidth;
        const culprits = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
        return { over, culprits };
      });
      assert(
        overflow.over <= 0,
        `dashboard overflows by ${overflow.over}px at 375: ${overflow.culprits.join(' | ')}`,
      );
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
      await shot(page, 'dashboard-375-drawer');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await step('the theme chosen with the toggle survives a reload', page, async () => {
      const settings = page.getByRole('heading', { level: 1, name: 'Settings' });
      await page.goto('/settings');
      await settings.waitFor();
      if (await isDark(page)) await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expectTheme(page, 'light', 'still dark after switching to light');
      await page.reload();
      await settings.waitFor();
      await expectTheme(page, 'light', 'light did not survive the reload');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expectTheme(page, 'dark', 'the toggle did not switch to dark');
      // The browser prefers light: only the stored choice can bring dark back.
      assert(
        !(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)),
        'the browser prefers dark',
      );
      await page.reload();
      await settings.waitFor();
      await expectTheme(page, 'dark', 'dark did not survive the reload');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      await shot(page, 'settings-dark-after-reload');
    });

    await step(
      'axe: vendors, properties, analytics, settings, profile, organization (dark)',
      page,
      async () => {
        await assertPagesA11y(page, 'dark');
      },
    );

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
