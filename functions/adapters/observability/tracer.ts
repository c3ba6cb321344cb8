import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

/**
 * X-Ray tracing, in Lambda only. The tracer is loaded there and nowhere else: the X-Ray SDK it brings
 * hooks every promise of the process at import (measured: an await loop 10× slower), a price `npm start`
 * and the tests should not pay for traces nobody receives.
 */
export const tracer: Tracer | undefined = process.env.AWS_LAMBDA_FUNCTION_NAME
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: SERVICE_NAME })
  : undefined;

/** An AWS SDK v3 client whose calls are recorded as subsegments of the invocation's trace. */
export function traced<T>(client: T): T {
  return tracer ? tracer.captureAWSv3Client(client) : client;
}
