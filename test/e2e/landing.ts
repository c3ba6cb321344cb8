/**
 * The visitor's steps: the landing page in light, in dark and at 375 px, the Watch Demo simulation, the
 * newsletter, the sign-up dialog, an app path signed out, and a new user who signs up and confirms with the
 * code from the dev mailbox. Run by run.ts first, each group in its own browser context.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, checkA11y, newContext, shot, step, watchErrors } from './helpers';

async function signUpDialogShot(page: Page) {
  await page.goto('/api/login?auth=signUp&plan=PROFESSIONAL');
  await page.getByText('Starting your 14-day free trial').waitFor();
  await page.getByRole('button', { name: 'Create Account' }).last().waitFor();
  await shot(page, 'sign-up-dialog-dark');
  await checkA11y(page, 'sign-up dialog (dark)');
}

/** Runs the visitor steps in their own browser contexts; `errors` collects what the pages report. */
export async function visitorSteps(browser: Browser, url: string, errors: string[]) {
  let ctx: BrowserContext = await newContext(browser, url, 'light');
  let page = await ctx.newPage();
  watchErrors(page, errors);

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
      (await page.getByRole('link', { name: 'Start Your Free Trial' }).getAttribute('href')) === '/api/login',
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
}
