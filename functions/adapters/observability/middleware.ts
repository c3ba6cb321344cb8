import { randomUUID } from 'node:crypto';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { inInvocation } from './local-invocations';
import { logger } from './logger';
import { flushMetrics } from './metrics';
import { tracer } from './tracer';

interface EventFacts {
  /** API Gateway: the request's id and, past the authorizer, the principal's organization. */
  requestContext?: { requestId?: unknown; authorizer?: { orgId?: unknown } | null };
  /** Workflow states: the run's context. */
  ctx?: { orgId?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Per invocation: the logger gets the Lambda context (function name, request id, cold start), the API
 * Gateway request id as `correlation_id`, and the organization id when a principal made the request (or
 * the workflow works for one); afterwards, success or failure, the recorded metrics are sent and those
 * keys dropped, so nothing carries over to the next invocation.
 */
function invocationContext<E, R>(): MiddlewareObj<E, R> {
  const end = () => {
    flushMetrics();
    logger.resetKeys();
  };
  return {
    before: (request) => {
      logger.addContext(request.context);
      const event = (request.event ?? {}) as EventFacts;
      const requestId = text(event.requestContext?.requestId);
      if (requestId) logger.setCorrelationId(requestId);
      const orgId = text(event.requestContext?.authorizer?.orgId) ?? text(event.ctx?.orgId);
      if (orgId) logger.appendKeys({ orgId });
    },
    after: end,
    onError: end,
  };
}

/**
 * The middleware stack of every function: the X-Ray trace of the invocation (Lambda only), then the
 * logger's context and the metrics flush.
 */
function observability<E = unknown, R = unknown>(): MiddlewareObj<E, R>[] {
  const stack: MiddlewareObj<E, R>[] = [invocationContext<E, R>()];
  if (tracer) stack.unshift(captureLambdaHandler(tracer) as MiddlewareObj<E, R>);
  return stack;
}

/**
 * THE way every function (API resources, authorizer, workers, workflow states) becomes a Lambda handler:
 * `handler` run through {@link observability}, outside anything else (the API's error mapping included),
 * each invocation in a scope of its own (see local-invocations.ts). Local callers (the workflow runner,
 * the queue workers, tests) may leave out the Lambda context: `name` (the function's own name unless
 * given) and a fresh request id stand in for it, so local log lines say which function and invocation
 * wrote them.
 */
export function observed<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  name = handler.name || 'local',
): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>(handler).use(observability<E, R>());
  return (event, context) =>
    inInvocation(() =>
      wrapped(event, context ?? ({ functionName: name, awsRequestId: randomUUID() } as Context)),
    );
}
