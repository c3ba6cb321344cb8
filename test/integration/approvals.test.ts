import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/errors';
import {
  type ApprovalRule,
  approvalRuleSchema,
  type Invoice,
  integrationSchema,
  invoiceEventSchema,
  invoiceSchema,
  notificationListSchema,
  pageOf,
  propertySchema,
  type Role,
  userSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * Approval rules and steps (issue 17) against the real local parts and the local workflow: a threshold
 * rule routes a $12,000 invoice to two approvers, the uploader cannot approve their own, a rule change
 * leaves invoices already waiting alone, two approvers giving the last approval at once make one
 * APPROVED and one sync message, and rules nobody could complete are refused.
 */
let stack: TestStack;
let orgId: string;
interface Person {
  api: Api;
  id: string;
}
/** Ada administers; Bea and Cal approve; Max uploads and codes, and cannot approve. */
let ada: Person;
let bea: Person;
let cal: Person;
let max: Person;
const run = randomUUID().slice(0, 8);

const failure = (response: Response, status: number) => body(response, status, errorBodySchema);
const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);

async function invited(role: Role, firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  const response = await ada.api('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
  const person = await stack.newUser({ email, firstName, lastName: 'Tester' });
  const user = await me(person.api);
  expect(user).toMatchObject({ role, organization: { id: orgId } });
  return { api: person.api, id: user.id };
}

const rules = '/api/organization/approval-rules';
const createRule = (json: unknown) => ada.api(rules, { method: 'POST', json });

/** Uploads a one-line invoice of `amount` (no tax) and waits for the workflow's decision. */
let serial = 0;
async function uploaded(by: Person, amount: number): Promise<Invoice> {
  const number = `APR-${run}-${++serial}`;
  const pdf = await invoicePdf(
    plumbingInvoice({
      invoiceNumber: number,
      lines: [{ description: 'Roof replacement, building B', quantity: 1, unitPrice: amount }],
      taxRate: 0,
    }),
  );
  const created = await body(
    await by.api('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, `${number}.pdf`) }),
    201,
    invoiceSchema,
  );
  await stack.workflow?.idle();
  const invoice = await body(await by.api(`/api/invoices/${created.id}`), 200, invoiceSchema);
  expect(invoice.totalAmount).toBe(amount);
  expect(['PROCESSED', 'REVIEW_REQUIRED']).toContain(invoice.status);
  return invoice;
}

const approve = (by: Person, id: string, comment?: string) =>
  by.api(`/api/invoices/${id}/approve`, { method: 'POST', json: comment ? { comment } : {} });
const waitingFor = async (by: Person) =>
  (await body(await by.api('/api/invoices?waitingFor=me'), 200, pageOf(invoiceSchema))).items.map(
    (i) => i.id,
  );

let threshold: ApprovalRule;

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
  const first = await stack.newUser({ firstName: 'Ada', lastName: 'Admin' });
  const user = await me(first.api);
  orgId = user.organization.id;
  ada = { api: first.api, id: user.id };
  bea = await invited('APPROVER', 'Bea');
  cal = await invited('APPROVER', 'Cal');
  max = await invited('MEMBER', 'Max');
});
afterAll(async () => {
  await stack?.stop();
});

describe('approval rules', () => {
  it('refuses (400) rules nobody could complete, ids of no own entity and bad counts, with a clear message', async () => {
    const stranger = await failure(
      await createRule({ name: 'Ghost', approvalsRequired: 1, approverIds: ['nobody'] }),
      400,
    );
    expect(stranger.message).toBe('An approver named in the rule is not a member of your organization');
    expect(stranger.issues?.[0]?.path).toBe('approverIds');
    const member = await failure(
      await createRule({ name: 'Max', approvalsRequired: 1, approverIds: [max.id] }),
      400,
    );
    expect(member.message).toBe(
      'An approver named in the rule cannot approve invoices (give them the Approver or Admin role)',
    );
    const tooFew = await failure(
      await createRule({ name: 'Admins', approvalsRequired: 2, approverRole: 'ADMIN' }),
      400,
    );
    expect(tooFew.message).toBe('This rule needs 2 approvals but only 1 person can approve under it');
    const three = await failure(await createRule({ name: 'Three', approvalsRequired: 3 }), 400);
    expect(three.issues?.map((i) => i.path)).toEqual(['approvalsRequired']);
    const outsider = (await stack.newUser()).api;
    const theirs = await body(
      await outsider('/api/properties', {
        method: 'POST',
        json: { name: 'Their tower', address: '9 Far Rd', propertyType: 'OFFICE' },
      }),
      201,
      propertySchema,
    );
    const foreign = await failure(
      await createRule({ name: 'Theirs', approvalsRequired: 1, propertyIds: [theirs.id] }),
      400,
    );
    expect(foreign.message).toBe('A property in the list does not exist in your organization');
    expect((await body(await ada.api(rules), 200, pageOf(approvalRuleSchema))).items).toEqual([]);
    // Approvers read invoices but not the rules.
    expect((await failure(await bea.api(rules), 403)).message).toBe(
      'Only an administrator can manage approval rules',
    );
  });

  it('keeps an ordered list that admins add to, move and delete', async () => {
    threshold = await body(
      await createRule({ name: 'Over $10,000', minAmount: 10_000, approvalsRequired: 2 }),
      201,
      approvalRuleSchema,
    );
    const first = await body(
      await createRule({
        name: 'Only Cal',
        approvalsRequired: 1,
        approverIds: [cal.id],
        minAmount: 1e9,
        position: 0,
      }),
      201,
      approvalRuleSchema,
    );
    const listed = async () =>
      (await body(await ada.api(rules), 200, pageOf(approvalRuleSchema))).items.map((r) => [
        r.name,
        r.position,
      ]);
    expect(await listed()).toEqual([
      ['Only Cal', 0],
      ['Over $10,000', 1],
    ]);
    await body(
      await ada.api(`${rules}/${first.id}`, {
        method: 'PUT',
        json: { name: 'Only Cal', approvalsRequired: 1, approverIds: [cal.id], minAmount: 1e9, position: 5 },
      }),
      200,
      approvalRuleSchema,
    );
    expect(await listed()).toEqual([
      ['Over $10,000', 0],
      ['Only Cal', 1],
    ]);
    expect((await ada.api(`${rules}/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await listed()).toEqual([['Over $10,000', 0]]);
    expect((await ada.api(`${rules}/${first.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('approval steps', () => {
  let big: Invoice;
  /** An invoice needing two approvals that has one. */
  let halfApproved: Invoice;

  it('route a $12,000 invoice to two approvers; the uploader cannot approve it, nor can a member', async () => {
    big = await uploaded(bea, 12_000);
    expect(big.approvalSteps).toMatchObject({
      ruleId: threshold.id,
      ruleName: 'Over $10,000',
      required: 2,
      separationOfDuties: true,
      approvals: [],
    });
    expect((await failure(await approve(max, big.id), 403)).message).toBe(
      'You are not an approver for this invoice',
    );
    expect((await failure(await approve(bea, big.id), 403)).message).toBe(
      'You uploaded this invoice, so someone else must approve it',
    );
    // It waits for Cal and Ada, who are told; not for its uploader or the member.
    expect(await waitingFor(cal)).toContain(big.id);
    expect(await waitingFor(ada)).toContain(big.id);
    expect(await waitingFor(bea)).not.toContain(big.id);
    expect(await waitingFor(max)).toEqual([]);
    const told = async (person: Person) =>
      (await body(await person.api('/api/notifications'), 200, notificationListSchema)).items.some(
        (n) => n.kind === 'approval_requested' && n.invoiceId === big.id,
      );
    expect(await told(cal)).toBe(true);
    expect(await told(bea)).toBe(false);
    expect(await told(max)).toBe(false);

    const once = await body(await approve(cal, big.id, 'Matches the roofing quote'), 201, invoiceSchema);
    expect(once.status).toBe(big.status);
    expect(once.approvalSteps?.approvals).toEqual([
      { userId: cal.id, name: 'Cal Tester', at: expect.any(String), comment: 'Matches the roofing quote' },
    ]);
    expect((await failure(await approve(cal, big.id), 409)).message).toBe(
      'You have already approved this invoice',
    );
    expect(await waitingFor(cal)).not.toContain(big.id);

    const done = await body(await approve(ada, big.id), 201, invoiceSchema);
    expect(done.status).toBe('APPROVED');
    expect(done.approvalSteps?.approvals.map((a) => a.userId)).toEqual([cal.id, ada.id]);
    const events = (
      await body(await ada.api(`/api/invoices/${big.id}/events`), 200, pageOf(invoiceEventSchema))
    ).items;
    const steps = events.filter((e) => e.type === 'approval_recorded' || e.type === 'approved');
    expect(steps.map((e) => [e.type, e.actor, e.note])).toEqual(
      expect.arrayContaining([
        ['approval_recorded', cal.id, 'Approval 1 of 2: Matches the roofing quote'],
        ['approved', ada.id, null],
      ]),
    );
  });

  it('keep an invoice under the rule it met, whatever the rules become; a new invoice meets the new rules', async () => {
    const waiting = await uploaded(max, 12_000);
    expect(waiting.approvalSteps).toMatchObject({ ruleId: threshold.id, required: 2 });
    await body(
      await ada.api(`${rules}/${threshold.id}`, {
        method: 'PUT',
        json: {
          name: 'Over $10,000, admins',
          minAmount: 10_000,
          approvalsRequired: 1,
          approverRole: 'ADMIN',
        },
      }),
      200,
      approvalRuleSchema,
    );
    const after = await body(await ada.api(`/api/invoices/${waiting.id}`), 200, invoiceSchema);
    expect(after.approvalSteps).toEqual(waiting.approvalSteps);
    // Under its own steps Bea may still approve it (the new rule would take only administrators).
    const one = await body(await approve(bea, waiting.id), 201, invoiceSchema);
    expect(one.approvalSteps?.approvals).toHaveLength(1);
    expect(one.status).not.toBe('APPROVED');

    const later = await uploaded(max, 12_000);
    expect(later.approvalSteps).toMatchObject({
      ruleName: 'Over $10,000, admins',
      required: 1,
      approverRole: 'ADMIN',
    });
    expect((await failure(await approve(cal, later.id), 403)).message).toBe(
      'You are not an approver for this invoice',
    );
    expect((await body(await approve(ada, later.id), 201, invoiceSchema)).status).toBe('APPROVED');
    halfApproved = waiting;
  });

  it('make one APPROVED and one sync message when two approvers give the last approval at once', async () => {
    const waiting = halfApproved;
    await body(
      await ada.api('/api/integrations', {
        method: 'POST',
        json: { name: 'Make', type: 'MAKE_COM', config: { apiUrl: 'http://127.0.0.1:9/hook' } },
      }),
      201,
      integrationSchema,
    );
    const answers = await Promise.all([approve(cal, waiting.id), approve(ada, waiting.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const final = await body(await ada.api(`/api/invoices/${waiting.id}`), 200, invoiceSchema);
    expect(final.status).toBe('APPROVED');
    expect(final.approvalSteps?.approvals).toHaveLength(2);
    expect(await syncMessagesOf(waiting.id)).toBe(1);
  });

  it('take back the approvals given when the amount is edited, and meet the rules again', async () => {
    const overFive = await body(
      await createRule({ name: 'Over $5,000', minAmount: 5_000, approvalsRequired: 2 }),
      201,
      approvalRuleSchema,
    );
    const invoice = await uploaded(max, 6_000);
    expect(invoice.approvalSteps).toMatchObject({ ruleId: overFive.id, required: 2 });
    const once = await body(await approve(bea, invoice.id), 201, invoiceSchema);
    expect(once.approvalSteps?.approvals).toHaveLength(1);
    // A note is not what approvers approve: the approval stays.
    const noted = await body(
      await max.api(`/api/invoices/${invoice.id}`, {
        method: 'PUT',
        json: { notes: 'Call before paying', version: once.version },
      }),
      200,
      invoiceSchema,
    );
    expect(noted.approvalSteps?.approvals).toHaveLength(1);
    // Raised past the administrators' threshold: Bea's approval of $6,000 no longer counts.
    const raised = await body(
      await max.api(`/api/invoices/${invoice.id}`, {
        method: 'PUT',
        json: { totalAmount: 12_000, version: noted.version },
      }),
      200,
      invoiceSchema,
    );
    expect(raised.approvalSteps).toMatchObject({
      ruleId: threshold.id,
      approverRole: 'ADMIN',
      approvals: [],
    });
    expect((await failure(await approve(bea, invoice.id), 403)).message).toBe(
      'You are not an approver for this invoice',
    );
  });
});

/**
 * How many integration-sync messages the queue holds for an invoice (the queue workers are off here), once
 * the outbox relay has handed the approval's effects to the queues.
 */
async function syncMessagesOf(invoiceId: string): Promise<number> {
  await stack.outbox.drained();
  const messages = await stack.queueStore.peek(stack.queues.sync);
  return messages.filter((m) => JSON.parse(m.body).invoiceId === invoiceId).length;
}
