import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { secondsUntilNextMonth } from '../../functions/core/errors/app-error';
import { RATE_WINDOW_S, rateWindowOf } from '../../functions/core/fairness/upload-rate';
import {
  PLAN_MONTHLY_INVOICE_LIMIT,
  PLAN_UPLOADS_PER_MINUTE,
  PLAN_UPLOADS_PER_MINUTE_PER_KEY,
} from '../../shared/constants';
import { apiKeyCreatedSchema, userSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
});
afterAll(async () => {
  await stack?.stop();
});

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const announce = (api: Api) =>
  api('/api/invoices/upload-url', {
    method: 'POST',
    json: { filename: 'scan.pdf', contentType: 'application/pdf', size: pdf.length },
  });

/** Sends `count` announcements, five at a time, and answers their statuses. */
async function announceMany(api: Api, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 5) {
    const batch = Array.from({ length: Math.min(5, count - sent) }, () => announce(api));
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status);
      await response.arrayBuffer();
    }
  }
  return statuses;
}

/**
 * The limits are counted in fixed one-minute windows: a burst that straddled two windows would be counted
 * in both. Starts the burst with at least 20 s of its window left.
 */
async function atWindowStart(): Promise<void> {
  const left = rateWindowOf(Date.now()).end * 1000 - Date.now();
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A 429's Retry-After, checked to be whole seconds that the message repeats. */
async function refusal(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After ${retryAfter}`).toBe(true);
  const body = (await response.json()) as { code: string; message: string };
  return { retryAfter, ...body };
}

async function orgIdOf(api: Api): Promise<string> {
  return userSchema.parse(await (await api('/api/auth/user')).json()).organization.id;
}

describe('per-minute upload limits', () => {
  it('refuses an API key past its own limit with 429 and Retry-After, while people still upload', async () => {
    const person = await stack.newUser();
    const key = apiKeyCreatedSchema.parse(
      await (await person.api('/api/api-keys', { method: 'POST', json: { name: 'Scanner' } })).json(),
    );
    const robot = stack.api(key.key);
    const perKey = PLAN_UPLOADS_PER_MINUTE_PER_KEY.STARTER;
    await atWindowStart();
    const statuses = await announceMany(robot, perKey);
    expect(statuses.every((s) => s === 201)).toBe(true);

    const refused = await refusal(await announce(robot));
    expect(refused.code).toBe('api_key_rate_limited');
    expect(refused.retryAfter).toBeLessThanOrEqual(RATE_WINDOW_S);
    expect(refused.message).toContain(`try again in ${refused.retryAfter} second`);
    // The multipart upload counts on the same key, and its refusal creates nothing.
    const before = (await (await person.api('/api/invoices')).json()).total;
    const multipart = await refusal(
      await robot('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, 'a.pdf') }),
    );
    expect(multipart.code).toBe('api_key_rate_limited');
    expect((await (await person.api('/api/invoices')).json()).total).toBe(before);

    // The key's refusals were given back to the organization: the people have the rest of its minute.
    const perOrg = PLAN_UPLOADS_PER_MINUTE.STARTER;
    const people = await announceMany(person.api, perOrg - perKey);
    expect(people.every((s) => s === 201)).toBe(true);
    const full = await refusal(await announce(person.api));
    expect(full.code).toBe('upload_rate_limited');
    expect(full.message).toMatch(
      /^Too many uploads: try again in \d+ seconds? \(the Starter plan allows 60 a minute\)$/,
    );

    // Another organization's minute is its own.
    const other = await stack.newUser();
    expect((await announce(other.api)).status).toBe(201);
  });

  it('answers the monthly invoice limit and the monthly API quota with Retry-After until the 1st', async () => {
    const person = await stack.newUser();
    const orgId = await orgIdOf(person.api);
    const month = new Date().toISOString().slice(0, 7);
    // No adapter sets a month's counts (uploads and API calls only add to them): the adapters' update.
    expect(
      await updateIf({
        Key: keys.usage(orgId, month),
        UpdateExpression: 'SET invoices = :limit, apiCalls = :quota',
        ExpressionAttributeValues: { ':limit': PLAN_MONTHLY_INVOICE_LIMIT.STARTER, ':quota': 10_000 },
      }),
    ).toBeDefined();
    const monthly = await refusal(await announce(person.api));
    expect(monthly.code).toBe('monthly_limit_reached');
    expect(Math.abs(monthly.retryAfter - secondsUntilNextMonth())).toBeLessThan(30);

    const key = apiKeyCreatedSchema.parse(
      await (await person.api('/api/api-keys', { method: 'POST', json: { name: 'Late robot' } })).json(),
    );
    const quota = await refusal(await stack.api(key.key)('/api/vendors'));
    expect(quota.code).toBe('quota');
    expect(Math.abs(quota.retryAfter - secondsUntilNextMonth())).toBeLessThan(30);
  });
});
