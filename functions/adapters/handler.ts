import type { Context } from 'aws-lambda';
import { observed } from './observability/middleware';
import { provideAdapterPorts } from './ports';

/**
 * THE way a function that calls core becomes a Lambda handler: core's ports injected from the adapters
 * (ports.ts), then {@link observed}. The authorizer, which calls no use-case, takes `observed` alone and
 * so does not bundle every adapter.
 */
export function coreHandler<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  name = handler.name || 'local',
): (event: E, context?: Context) => Promise<R> {
  provideAdapterPorts();
  return observed(handler, name);
}
