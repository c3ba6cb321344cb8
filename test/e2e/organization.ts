/**
 * The administrator's organization steps: a new vendor's first invoice is let through without review
 * (run.ts runs it right after signing in, before the first upload), and later the team card's invitation
 * is made, refused when repeated and revoked.
 */
import type { Page } from 'playwright-core';
import { assert, assertA11y, seen, shot, step } from './helpers';

/** Lets a new vendor's first invoice pass, for the flows that follow (on by default, it sends it to review). */
export async function newVendorReviewStep(page: Page) {
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
}

export async function teamInvitationStep(page: Page) {
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
}
