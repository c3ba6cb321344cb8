/**
 * Approval rules of issue 17 in the browser: an administrator sets a two-approval rule for invoices of
 * $10,000 or more, a member uploads a $12,000 invoice, an approver approves it from 'Waiting for me' on
 * the dashboard, and a second approver finishes it from the Invoices page's 'Waiting for me' filter, with
 * a comment that the History then shows.
 * Run by run.ts on its stack, after the team steps (it adds people to the demo organization). Invitees
 * join before the rule is set (until they do, nobody could give the rule's second approval), as a real
 * invitee does: joining is explicit, so after signing up (through the invitation e-mail's link, or with an
 * account made for them) they land on the join page's choice and pick "Join … as …".
 */
import type { Page } from 'playwright-core';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { type E2E, invoicePdf, openInvoice, uploadAndWait } from './review-loop';
import type { LocalInfo } from './stack';

export interface ApprovalsE2E extends E2E {
  /** A fresh page in its own browser context (another person's session). */
  newPage: () => Promise<Page>;
  signIn: (page: Page, email: string, password: string, options?: { toChoice?: boolean }) => Promise<void>;
  cognito: LocalInfo['cognito'];
}

const PASSWORD = 'Appr0ve-Secret!pw';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The demo organization (infra/local/local-config.ts), which invites everyone here. */
const ORGANIZATION = 'Harborview Property Management';
const ROLE_LABELS = { MEMBER: 'Member', APPROVER: 'Approver' } as const;

/** The dev mailbox's messages to an address (`GET /api/dev/mailbox`, local only), polled until one fits. */
async function mailFor(page: Page, email: string, fits: (m: { code?: string; text?: string }) => boolean) {
  for (let i = 0; i < 60; i++) {
    const res = await page.request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
    const box = (await res.json()) as { messages: { code?: string; text?: string }[] };
    const found = box.messages.filter(fits).at(-1);
    if (found) return found;
    await page.waitForTimeout(250);
  }
  throw new Error(`no fitting e-mail to ${email} in the dev mailbox`);
}

/**
 * On the join page's choice (where an invitee lands once signed in), accepts the invitation and lands in
 * the shell of the organization, with the invited role.
 */
async function chooseToJoin(
  page: Page,
  role: keyof typeof ROLE_LABELS,
  assertA11y?: (page: Page, label: string) => Promise<void>,
) {
  await page.getByRole('heading', { level: 1, name: 'Choose your organization' }).waitFor();
  await page.getByText('An invitation is waiting for you.', { exact: false }).waitFor();
  const join = page.getByRole('button', {
    name: `Join ${ORGANIZATION} as ${ROLE_LABELS[role]}`,
    exact: true,
  });
  await join.waitFor();
  assert(
    await page.getByRole('button', { name: 'Create your own organization' }).isVisible(),
    'the choice page does not offer to create one’s own organization',
  );
  if (assertA11y) await assertA11y(page, 'join page choice');
  await join.click();
  await page.getByRole('navigation', { name: 'Primary' }).waitFor({ timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  assert(!page.url().includes('/join'), `still on the join page after joining: ${page.url()}`);
}

export async function approvalSteps({
  page,
  step,
  shot,
  seen,
  assertA11y,
  newPage,
  signIn,
  cognito,
}: ApprovalsE2E) {
  const run = Date.now();
  const people = {
    member: { email: `max-${run}@example.com`, role: 'MEMBER', first: 'Max' },
    first: { email: `bea-${run}@example.com`, role: 'APPROVER', first: 'Bea' },
    second: { email: `cal-${run}@example.com`, role: 'APPROVER', first: 'Cal' },
  } as const;
  let invoiceId = '';

  await step(
    'approvals: the admin invites three people and sets a rule for invoices over $10,000',
    page,
    async () => {
      await page.goto('/organization');
      for (const person of Object.values(people)) {
        await page.getByLabel('E-mail Address').fill(person.email);
        await page.getByLabel('Role', { exact: true }).selectOption(person.role);
        await page.getByRole('button', { name: 'Invite', exact: true }).click();
        await page.getByRole('list', { name: 'Pending invitations' }).getByText(person.email).waitFor();
      }
      // The member arrives through the invitation e-mail's link, creates an account with the invited
      // address, confirms it with the mailed code and lands on the join page's choice.
      const invitation = await mailFor(page, people.member.email, (m) => /\/join\?token=/.test(m.text ?? ''));
      const link = /https?:\/\/\S+\/join\?token=[A-Za-z0-9_%-]+/.exec(invitation.text ?? '')?.[0];
      assert(link, 'the invitation e-mail has no join link');
      const max = await newPage();
      await max.goto(new URL(link).pathname + new URL(link).search);
      await max.getByRole('heading', { level: 1, name: `Join ${ORGANIZATION}` }).waitFor();
      await max.getByText(`${people.member.email}`, { exact: true }).waitFor();
      await max.getByRole('link', { name: 'Create account' }).click();
      await max.waitForURL(/auth=signUp/);
      await max.getByLabel('First Name').fill(people.member.first);
      await max.getByLabel('Last Name').fill('Tester');
      await max.getByLabel('Work Email').fill(people.member.email);
      await max.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await max.getByLabel('Confirm Password').fill(PASSWORD);
      await max.getByRole('button', { name: 'Create Account' }).last().click();
      await max.getByLabel('Confirmation Code').waitFor({ timeout: 20_000 });
      const { code } = await mailFor(max, people.member.email, (m) => Boolean(m.code));
      await max.getByLabel('Confirmation Code').fill(code ?? '');
      await max.getByRole('button', { name: 'Confirm', exact: true }).click();
      await max.waitForURL(/\/join/, { timeout: 30_000 });
      await max.waitForTimeout(300);
      await shot(max, 'join-choice');
      await chooseToJoin(max, people.member.role, assertA11y);
      await max.context().close();

      // The approvers have accounts already (made with their verified address): they sign in, land on
      // the same choice and join.
      const client = cognitoClient(cognito.endpoint, cognito.region);
      for (const person of [people.first, people.second])
        await ensureUser(client, cognito.userPoolId, {
          email: person.email,
          password: PASSWORD,
          firstName: person.first,
          lastName: 'Tester',
        });
      client.destroy();
      for (const person of [people.first, people.second]) {
        const joining = await newPage();
        await signIn(joining, person.email, PASSWORD, { toChoice: true });
        await chooseToJoin(joining, person.role);
        await joining.context().close();
      }

      // Joined: they are on the team and their invitations are no longer pending.
      await page.goto('/organization');
      const members = page.getByRole('table', { name: 'Team members' });
      for (const person of Object.values(people)) await members.getByText(person.email).waitFor();
      await page.getByText('No pending invitations').waitFor();

      await page.goto('/settings#approvals');
      await page.getByRole('tab', { name: 'Approvals' }).click();
      await page.getByText('No approval rules').waitFor();
      await page.getByRole('button', { name: 'Add rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add approval rule' });
      await dialog.getByLabel('Name', { exact: true }).fill('Over $10,000');
      await dialog.getByLabel('Amount at least').fill('10000');
      await dialog.getByLabel('Approvals required').selectOption('2');
      await page.waitForTimeout(300);
      await assertA11y(page, 'add approval rule dialog');
      await dialog.getByRole('button', { name: 'Save rule' }).click();
      await seen(page, 'Approval rule added.');
      await page.getByText('Amount ≥ $10,000.00: 2 approvals by an approver').waitFor();
      await page.waitForTimeout(400);
      await shot(page, 'settings-approval-rules');
      await assertA11y(page, 'settings approvals tab');
    },
  );

  await step('approvals: a member uploads a $12,000 invoice and cannot approve it', null, async () => {
    const member = await newPage();
    await signIn(member, people.member.email, PASSWORD);
    const pdf = await invoicePdf({
      vendor: 'Summit Roofing Co',
      number: `SR-${run}`,
      date: new Date().toISOString().slice(0, 10),
      due: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      sign: '$',
      currency: 'USD',
      items: [['Roof replacement, building B', 12_000]],
      tax: 0,
    });
    const ids = await uploadAndWait(member, { 'summit-roofing.pdf': pdf });
    invoiceId = ids['summit-roofing.pdf'];
    assert(invoiceId, 'the upload has no invoice id');
    await member.goto('/invoices');
    await member.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    assert(
      !(await member.getByRole('button', { name: 'Waiting for me' }).count()),
      'a member is offered the Waiting for me filter',
    );
    await member.context().close();
  });

  await step(
    "approvals: the first approver approves from the dashboard's 'Waiting for me'",
    null,
    async () => {
      const bea = await newPage();
      await signIn(bea, people.first.email, PASSWORD);
      const queue = bea.getByRole('region', { name: 'Waiting for me' });
      await queue.getByText('Over $10,000: 0 of 2 approvals', { exact: false }).waitFor({ timeout: 20_000 });
      await bea.waitForTimeout(400);
      await assertA11y(bea, "dashboard with 'Waiting for me'");
      // Only this invoice met the rule (others of the demo organization wait under the default).
      await queue.getByRole('listitem').filter({ hasText: 'Over $10,000' }).getByRole('link').click();
      await bea.waitForURL(new RegExp(`invoice=${invoiceId}`));
      const dialog = bea.getByRole('dialog').first();
      await dialog.getByText('$12,000.00').first().waitFor({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await seen(bea, 'Approval recorded. Waiting for 1 more approval.');
      await shot(bea, 'approval-recorded');
      await bea.context().close();
    },
  );

  await step("approvals: the second approver finishes it from the Invoices page's filter", null, async () => {
    const cal = await newPage();
    await signIn(cal, people.second.email, PASSWORD);
    await cal.goto('/invoices');
    await cal.getByRole('button', { name: 'Waiting for me' }).click();
    await cal
      .getByRole('button', { name: /^View invoice/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await cal.waitForTimeout(300);
    await assertA11y(cal, "invoices filtered to 'Waiting for me'");
    // Decided in the dashboard dialog, which offers Approve for every invoice waiting for a decision;
    // this approver adds a comment, which goes into the History.
    const dialog = await openInvoice(cal, invoiceId);
    await dialog.getByRole('button', { name: 'Add approval comment' }).click();
    await dialog.getByLabel('Approval comment (Optional)').fill('Matches the signed roofing quote');
    await assertA11y(cal, 'approval comment');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(cal, 'Invoice approved');
    // The dialog may move on to the next invoice waiting: open this one again to see it approved.
    await cal.keyboard.press('Escape');
    const approved = await openInvoice(cal, invoiceId);
    await approved.getByText('Approved', { exact: true }).first().waitFor();
    // The comment is the final approval's note in the History tab.
    await approved.getByRole('tab', { name: 'History' }).click();
    await approved.getByText('“Matches the signed roofing quote”').waitFor();
    assert(
      !(await approved.getByRole('button', { name: 'Approve' }).count()),
      'an approved invoice still offers Approve',
    );
    await cal.context().close();
  });
}
