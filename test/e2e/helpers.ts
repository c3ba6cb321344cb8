/**
 * What the browser suite's flows share: the step runner and its results, screenshots, axe checks, the
 * sign-in form, new browser contexts and the invoice dialog's preview checks. run.ts prints the results.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');
export const shots = join(root, 'screenshots');
mkdirSync(shots, { recursive: true });

export const results: { name: string; ok: boolean; ms: number; error?: string }[] = [];
export const a11y: { page: string; serious: number; details: string[] }[] = [];

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function step(name: string, page: Page | null, fn: () => Promise<void>) {
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

export async function checkA11y(page: Page, label: string) {
  const report = await new AxeBuilder({ page }).analyze();
  const bad = report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const details = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target.join(' ')}`,
  );
  a11y.push({ page: label, serious: bad.length, details });
  return details;
}

/** Fails the step on any serious or critical axe violation. */
export async function assertA11y(page: Page, label: string) {
  const details = await checkA11y(page, label);
  assert(details.length === 0, `axe on ${label}:\n${details.join('\n')}`);
}

/** Waits for a toast (or any text) shown once the action before it has answered. */
export async function seen(page: Page, text: string, timeout = 15_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

export async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
}

export async function newContext(browser: Browser, baseURL: string, theme: 'light' | 'dark', width = 1280) {
  return browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    colorScheme: theme,
    acceptDownloads: true,
  });
}

export function watchErrors(page: Page, bucket: string[]) {
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

export type Located = { page: number; left: number; top: number; width: number; height: number };
export type DialogInvoice = { id: string; fileName?: string; fieldLocations?: Record<string, Located> };

/** Clicks the first 'View invoice' button; answers the dialog and the invoice the API returned for it. */
export async function viewFirstInvoice(page: Page) {
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
export async function expectDrawnPage(page: Page) {
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
export async function expectTotalHighlight(
  page: Page,
  dialog: Locator,
  invoice: DialogInvoice,
): Promise<void> {
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
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { toChoice?: boolean } = {},
) {
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
