import { InvokeStore, type InvokeStoreBase } from '@aws/lambda-invoke-store';

/**
 * Outside Lambda one process runs every function at once (`npm start`: concurrent API requests, workflow
 * states and queue workers side by side), while Lambda runs one invocation per instance. Powertools
 * keeps the logger's context and keys per invocation when the runtime scopes invocations with its
 * InvokeStore (Lambda's multi-concurrency mode, announced by AWS_LAMBDA_MAX_CONCURRENCY); this sets that
 * store up locally, so one request's organization and request id never show in another's log lines.
 */
async function localStore(): Promise<InvokeStoreBase | undefined> {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
  const store = await InvokeStore.getInstanceAsync(true);
  // Powertools throws 'InvokeStore is not available' when it sees the variable before the store exists:
  // so the variable comes after the store, and logger.ts (which every Logger and Metrics user imports)
  // imports this module first, so that none is built while the store is being made. A child process
  // inherits the variable and so needs this module as much.
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';
  return store;
}

const store = await localStore();

/** Runs one invocation in a scope of its own (locally; in Lambda the runtime does it). */
export function inInvocation<T>(run: () => Promise<T>): Promise<T> {
  return store ? store.run({}, run) : run();
}
