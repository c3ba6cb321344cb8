import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { API_STAGE_NAME, type AppConfig } from './config';

export interface ObservabilityStackProps extends StackProps {
  config: AppConfig;
  /** Physical names of every dead-letter queue. */
  deadLetterQueueNames: string[];
  stateMachineName: string;
  /** The REST API's name (`<prefix>-api`), the dimension of its metrics. */
  apiName: string;
  /** Physical names of every function to alarm on. */
  functionNames: string[];
}

/**
 * Alarms on what needs a person: a message in any dead-letter queue, a failed workflow execution, API 5XX
 * answers and errors of any function, all sent to one SNS topic. Metrics are addressed by physical name
 * (all names are deterministic) rather than by cross-stack exports, so removing a function or queue never
 * deadlocks on an export this stack still imports.
 */
export class ObservabilityStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config } = props;

    // CloudWatch can publish to an encrypted topic only with a customer-managed key that lets it.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      alias: `alias/${config.prefix}-alarms`,
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', {
      topicName: `${config.prefix}-alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    const action = new SnsAction(this.topic);

    const alarm = (id: string, description: string, metric: cloudwatch.IMetric) => {
      const a = new cloudwatch.Alarm(this, id, {
        alarmName: `${config.prefix}-${id}`,
        alarmDescription: description,
        metric,
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
    };
    const period = Duration.minutes(5);

    for (const queueName of props.deadLetterQueueNames) {
      alarm(
        `dlq-${queueName.replace(`${config.prefix}-`, '')}`,
        `Messages are waiting in the dead-letter queue ${queueName}: inspect them and redrive.`,
        new cloudwatch.Metric({
          namespace: 'AWS/SQS',
          metricName: 'ApproximateNumberOfMessagesVisible',
          dimensionsMap: { QueueName: queueName },
          statistic: cloudwatch.Stats.MAXIMUM,
          period,
        }),
      );
    }
    alarm(
      'workflow-executions-failed',
      'An invoice-processing execution failed (the invoice may be stuck outside REVIEW_REQUIRED).',
      new cloudwatch.Metric({
        namespace: 'AWS/States',
        metricName: 'ExecutionsFailed',
        dimensionsMap: {
          StateMachineArn: this.formatArn({
            service: 'states',
            resource: 'stateMachine',
            resourceName: props.stateMachineName,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
        statistic: cloudwatch.Stats.SUM,
        period,
      }),
    );
    alarm(
      'api-5xx',
      'The API answered 5XX (handler errors or integration failures).',
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5XXError',
        dimensionsMap: { ApiName: props.apiName, Stage: API_STAGE_NAME },
        statistic: cloudwatch.Stats.SUM,
        period,
      }),
    );
    for (const functionName of props.functionNames) {
      alarm(
        `errors-${functionName.replace(`${config.prefix}-`, '')}`,
        `The function ${functionName} threw or timed out.`,
        new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName: 'Errors',
          dimensionsMap: { FunctionName: functionName },
          statistic: cloudwatch.Stats.SUM,
          period,
        }),
      );
    }

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
  }
}
