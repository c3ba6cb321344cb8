import type { Template } from '../../test/cloud-bundles/synth';

/** What the synthesized templates say a stage is made of, as far as its bill goes. */
export interface Infrastructure {
  /** Every `AWS::Lambda::Function`, by its `FunctionName` (its logical id when it has none). */
  functions: { name: string; memoryMb: number; architecture: 'arm64' | 'x86_64' }[];
  alarms: number;
  webAcls: { name: string; rules: number }[];
  /** Customer-managed KMS keys (each billed by the month, whatever uses it). */
  kmsKeys: number;
  secrets: number;
  logGroups: { name: string; retentionDays: number | null }[];
  stateMachines: { name: string; type: 'STANDARD' | 'EXPRESS'; logLevel: string | null }[];
  queues: { name: string; deadLetter: boolean }[];
  /** Lambda event sources polling an SQS queue (each one's pollers long-poll it around the clock). */
  queuePollers: number;
  tables: { billingMode: string; pointInTimeRecovery: boolean; globalIndexes: number }[];
  buckets: number;
  /** Cognito user pools by feature plan (`LITE`, `ESSENTIALS`, `PLUS`). */
  userPools: { tier: string }[];
  /** Scheduled EventBridge rules: how often each runs in a 30-day month, and the functions it invokes. */
  schedules: { expression: string; runsPerMonth: number; targets: string[] }[];
  restApis: number;
  distributions: number;
}

type Resource = Template['Resources'][string];
type Props = Record<string, unknown>;

const MINUTES_PER_MONTH = 30 * 24 * 60;

/** How many times `rate(n unit)` fires in a 30-day month; null for a `cron(...)` this does not count. */
export function runsPerMonth(expression: string): number | null {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!rate) return null;
  const every = Number(rate[1]) * (rate[2].startsWith('minute') ? 1 : rate[2].startsWith('hour') ? 60 : 1440);
  return Math.floor(MINUTES_PER_MONTH / every);
}

const literal = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * Reads the billable parts of a synthesized app from its templates (every stack's, by stack name):
 * nothing is assumed about which stack holds what.
 */
export function readInfrastructure(templates: Record<string, Template>): Infrastructure {
  const all = Object.entries(templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources).map(([id, r]): [string, string, Resource] => [stack, id, r]),
  );
  const of = (type: string) =>
    all.filter(([, , r]) => r.Type === type).map(([stack, id, r]) => ({ stack, id, p: r.Properties ?? {} }));
  // Logical ids are unique within a stack only.
  const functionNames = new Map(
    of('AWS::Lambda::Function').map(({ stack, id, p }) => [`${stack}/${id}`, literal(p.FunctionName, id)]),
  );
  const queueIds = new Set(of('AWS::SQS::Queue').map((q) => q.id));
  const deadLetterIds = new Set(
    of('AWS::SQS::Queue').flatMap(({ p }) => {
      const target = (p.RedrivePolicy as { deadLetterTargetArn?: { 'Fn::GetAtt'?: [string, string] } })
        ?.deadLetterTargetArn?.['Fn::GetAtt']?.[0];
      return target ? [target] : [];
    }),
  );
  return {
    functions: of('AWS::Lambda::Function').map(({ id, p }) => ({
      name: literal(p.FunctionName, id),
      memoryMb: (p.MemorySize as number | undefined) ?? 128,
      architecture: ((p.Architectures as string[] | undefined)?.[0] ?? 'x86_64') as 'arm64' | 'x86_64',
    })),
    alarms: of('AWS::CloudWatch::Alarm').length,
    webAcls: of('AWS::WAFv2::WebACL').map(({ id, p }) => ({
      name: literal(p.Name, id),
      rules: ((p.Rules as unknown[] | undefined) ?? []).length,
    })),
    kmsKeys: of('AWS::KMS::Key').length,
    secrets: of('AWS::SecretsManager::Secret').length,
    logGroups: of('AWS::Logs::LogGroup').map(({ id, p }) => ({
      name: literal(p.LogGroupName, id),
      retentionDays: (p.RetentionInDays as number | undefined) ?? null,
    })),
    stateMachines: of('AWS::StepFunctions::StateMachine').map(({ id, p }) => ({
      name: literal(p.StateMachineName, id),
      type: ((p.StateMachineType as string | undefined) ?? 'STANDARD') as 'STANDARD' | 'EXPRESS',
      logLevel: ((p.LoggingConfiguration as Props | undefined)?.Level as string | undefined) ?? null,
    })),
    queues: of('AWS::SQS::Queue').map(({ id, p }) => ({
      name: literal(p.QueueName, id),
      deadLetter: deadLetterIds.has(id),
    })),
    queuePollers: of('AWS::Lambda::EventSourceMapping').filter(({ p }) => {
      const source = (p.EventSourceArn as { 'Fn::GetAtt'?: [string, string] } | undefined)?.[
        'Fn::GetAtt'
      ]?.[0];
      return source !== undefined && queueIds.has(source);
    }).length,
    tables: [...of('AWS::DynamoDB::Table'), ...of('AWS::DynamoDB::GlobalTable')].map(({ p }) => {
      const replicas = (p.Replicas as Props[] | undefined) ?? [];
      const pitr = (spec: unknown) =>
        (spec as { PointInTimeRecoveryEnabled?: boolean } | undefined)?.PointInTimeRecoveryEnabled === true;
      return {
        billingMode: literal(p.BillingMode, 'PROVISIONED'),
        pointInTimeRecovery:
          pitr(p.PointInTimeRecoverySpecification) ||
          replicas.some((r) => pitr(r.PointInTimeRecoverySpecification)),
        globalIndexes: ((p.GlobalSecondaryIndexes as unknown[] | undefined) ?? []).length,
      };
    }),
    buckets: of('AWS::S3::Bucket').length,
    userPools: of('AWS::Cognito::UserPool').map(({ p }) => ({ tier: literal(p.UserPoolTier, 'ESSENTIALS') })),
    schedules: of('AWS::Events::Rule').flatMap(({ stack, p }) => {
      const expression = p.ScheduleExpression;
      if (typeof expression !== 'string') return [];
      const targets = (
        (p.Targets as { Arn?: { 'Fn::GetAtt'?: [string, string] } }[] | undefined) ?? []
      ).flatMap((t) => {
        const name = functionNames.get(`${stack}/${t.Arn?.['Fn::GetAtt']?.[0]}`);
        return name ? [name] : [];
      });
      return [{ expression, runsPerMonth: runsPerMonth(expression) ?? 0, targets }];
    }),
    restApis: of('AWS::ApiGateway::RestApi').length,
    distributions: of('AWS::CloudFront::Distribution').length,
  };
}
