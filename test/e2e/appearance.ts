/**
 * The signed-in pages in both themes: axe on each page in light and in dark, the 404 page inside the app,
 * the dashboard and the invoice dialog in dark and at 375 px, and the theme toggle's choice surviving a
 * reload. Run by run.ts near the end, once the other flows have filled the pages with data.
 */
import type { Page } from 'playwright-core';
import {
  assert,
  checkA11y,
  expectDrawnPage,
  expectTotalHighlight,
  shot,
  step,
  viewFirstInvoice,
} from './helpers';

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

export async function appearanceSteps(page: Page) {
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
}
