import { App, Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Architecture, Code, Function as LambdaFn, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, Pass, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { describe, expect, it } from 'vitest';
import type { Template } from '../../test/cloud-bundles/synth';
import { readInfrastructure, runsPerMonth } from './template';

/** A small app of the parts the bill reads, synthesized by CDK as the real one is. */
function synthesize(): Record<string, Template> {
  const app = new App();
  const stack = new Stack(app, 'Small');
  const code = Code.fromInline('exports.handler = async () => ({})');
  const worker = new LambdaFn(stack, 'Worker', {
    functionName: 'small-worker',
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code,
    memorySize: 1536,
    architecture: Architecture.ARM_64,
  });
  new LambdaFn(stack, 'Plain', { runtime: Runtime.NODEJS_22_X, handler: 'index.handler', code });
  const dlq = new Queue(stack, 'Dlq');
  const queue = new Queue(stack, 'Jobs', { deadLetterQueue: { queue: dlq, maxReceiveCount: 3 } });
  worker.addEventSource(new SqsEventSource(queue));
  new Rule(stack, 'Every15', {
    schedule: Schedule.rate(Duration.minutes(15)),
    targets: [new LambdaFunction(worker)],
  });
  new Key(stack, 'KeyA');
  new Key(stack, 'KeyB');
  new LogGroup(stack, 'Logs', { retention: RetentionDays.TWO_WEEKS });
  new Bucket(stack, 'Files');
  new TableV2(stack, 'Table', {
    partitionKey: { name: 'PK', type: AttributeType.STRING },
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  });
  new StateMachine(stack, 'Flow', { definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'P')) });
  new StateMachine(stack, 'Quick', {
    definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'Q')),
    stateMachineType: StateMachineType.EXPRESS,
  });
  new Alarm(stack, 'Errors', {
    metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors' }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  });
  const rule = (name: string, priority: number) => ({
    name,
    priority,
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' } },
    overrideAction: { none: {} },
    visibilityConfig: { cloudWatchMetricsEnabled: false, metricName: name, sampledRequestsEnabled: false },
  });
  new CfnWebACL(stack, 'Acl', {
    name: 'small-acl',
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    rules: [rule('one', 0), rule('two', 1), rule('three', 2)],
    visibilityConfig: { cloudWatchMetricsEnabled: false, metricName: 'acl', sampledRequestsEnabled: false },
  });
  const assembly = app.synth();
  return Object.fromEntries(assembly.stacks.map((s) => [s.stackName, s.template as Template]));
}

describe('readInfrastructure', () => {
  const infra = readInfrastructure(synthesize());

  it('reads each function’s memory and architecture, CDK’s defaults where none is set', () => {
    expect(infra.functions).toContainEqual({ name: 'small-worker', memoryMb: 1536, architecture: 'arm64' });
    const plain = infra.functions.find((f) => f.name.startsWith('Plain'));
    expect(plain).toMatchObject({ memoryMb: 128, architecture: 'x86_64' });
  });

  it('counts the fixed-price parts: alarms, keys, web ACL rules, buckets', () => {
    expect(infra.alarms).toBe(1);
    expect(infra.kmsKeys).toBe(2);
    expect(infra.webAcls).toEqual([{ name: 'small-acl', rules: 3 }]);
    expect(infra.buckets).toBe(1);
  });

  it('reads log retention, state machine types, queues and their pollers, the table', () => {
    expect(infra.logGroups.map((g) => g.retentionDays)).toContain(14);
    expect(infra.stateMachines.map((m) => m.type).sort()).toEqual(['EXPRESS', 'STANDARD']);
    expect(infra.queues).toHaveLength(2);
    expect(infra.queues.filter((q) => q.deadLetter)).toHaveLength(1);
    expect(infra.queuePollers).toBe(1);
    expect(infra.tables).toEqual([
      { billingMode: 'PAY_PER_REQUEST', pointInTimeRecovery: true, globalIndexes: 0 },
    ]);
  });

  it('finds what each schedule invokes and how often it runs', () => {
    expect(infra.schedules).toEqual([
      { expression: 'rate(15 minutes)', runsPerMonth: 2880, targets: ['small-worker'] },
    ]);
  });
});

describe('runsPerMonth', () => {
  it('counts rate expressions over a 30-day month and leaves cron expressions uncounted', () => {
    expect(runsPerMonth('rate(10 minutes)')).toBe(4320);
    expect(runsPerMonth('rate(1 hour)')).toBe(720);
    expect(runsPerMonth('rate(2 days)')).toBe(15);
    expect(runsPerMonth('cron(0 12 * * ? *)')).toBeNull();
  });
});
