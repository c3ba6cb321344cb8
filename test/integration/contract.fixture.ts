/**
 * What the contract suites share (contract-records.test.ts, contract-settings.test.ts): each file starts its
 * own local stack with one new user (Casey Jones) in a new organization, without the workflow and the queue
 * workers, and reads the error shape of a refused request.
 */
import { expect } from 'vitest';
import { errorBodySchema } from '../../shared/errors';
import { userSchema } from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';

export interface ContractStack {
  stack: TestStack;
  /** Casey's signed-in API. */
  api: Api;
  orgId: string;
  userSub: string;
}

/** A local stack without the workflow and the queue workers, and Casey Jones signed in to a new organization. */
export async function startContractStack(): Promise<ContractStack> {
  const stack = await startTestStack({ workflow: false, queueWorkers: false });
  const api = (await stack.newUser({ firstName: 'Casey', lastName: 'Jones' })).api;
  const me = userSchema.parse(await (await api('/api/auth/user')).json());
  return { stack, api, orgId: me.organization.id, userSub: me.id };
}

/** A 4xx answer in the error shape; returns its field messages. */
export async function failure(
  response: Response,
  status: number,
): Promise<{ code: string; messages: string[] }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(text).not.toMatch(/at .*\.ts:\d+/);
  const error = errorBodySchema.parse(JSON.parse(text));
  return { code: error.code, messages: [error.message, ...(error.issues ?? []).map((i) => i.message)] };
}
