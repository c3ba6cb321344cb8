import { Duration, SecretValue, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct } from 'constructs';
import type { LambdaBundler } from './bundling';
import { APP_NAME, type AppConfig } from './config';
import type { HandlerCatalog } from './handlers';
import { acknowledge as acknowledgeRules } from './nag';

/**
 * Identifiers `functions/env.ts` requires of every function at cold start (it parses them all at once and
 * fails fast). They are names, not access: a function that never touches the bucket still gets its name,
 * and access is granted only through the `bind…` methods below.
 */
export interface RuntimeIdentifiers {
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The site's origin (`https://<distribution domain>`), for redirects and links. */
  publicUrl: string;
  /** The domain of the invoice inboxes (the organization API shows addresses, ingestion matches them). */
  inboxDomain: string;
}

export interface AppFunctionProps {
  /** Repository-relative module exporting `handler`, e.g. `functions/api/invoices/handler.ts`. */
  entry: string;
  /** Short kebab-case name; the function is called `<stage>-invoice-pilot-<name>`. */
  name: string;
  catalog: HandlerCatalog;
  /** Builds the code; every function of the app shares one, so all are bundled in one esbuild run. */
  bundler: LambdaBundler;
  config: AppConfig;
  identifiers: RuntimeIdentifiers;
  description?: string;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 seconds */
  timeout?: Duration;
  /**
   * Native packages shipped beside the bundle (bundling.ts, NativePackages), built for `architecture`.
   * @default none
   */
  nativePackages?: readonly string[];
  /** @default ARM_64 */
  architecture?: Architecture;
}

/**
 * What a function may do with stored secrets: `seal` (store new ones: kms:GenerateDataKey) and/or `open`
 * (send them: kms:Decrypt). Only the functions that call third parties get `open`.
 */
export type SecretsAccess = 'seal' | 'open';

/**
 * The table actions of each access pattern: the item operations the DynamoDB adapters call. Transactions
 * (TransactWriteItems) are authorized per item by these same actions, ConditionCheckItem included.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/** Object actions a function may be granted on a key prefix of a bucket. */
export type ObjectAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

/**
 * A Lambda function with the project's defaults (Node 22 on ARM64, ESM bundled by the local esbuild in the
 * app's single esbuild run, see bundling.ts; the AWS SDK left to the runtime, Powertools settings, X-Ray,
 * a log group with retention) and its own role that starts with nothing but its log group. Every other
 * permission comes from a `bind…` method, which grants and sets the env var the function reads in the
 * same call, so the two cannot drift apart.
 */
export class AppFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: iam.Role;
  readonly logGroup: LogGroup;
  /** The physical function name, `<stage>-invoice-pilot-<name>` (known at synth, unlike the token). */
  readonly functionName: string;
  /** The module that was bundled; false when the 501 stub stands in for a missing one. */
  readonly implemented: boolean;
  /** Absolute path of the bundled module (the stub's when the module is missing). */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config, identifiers } = props;
    const functionName = `${config.prefix}-${props.name}`;
    this.functionName = functionName;
    const architecture = props.architecture ?? Architecture.ARM_64;
    this.implemented = props.catalog.exists(props.entry);
    this.entry = props.catalog.entry(props.entry);

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${functionName}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      functionName,
      description: props.description,
      code: props.bundler.code(
        this.entry,
        props.nativePackages?.length
          ? {
              packages: props.nativePackages,
              architecture: architecture === Architecture.X86_64 ? 'x86_64' : 'arm64',
            }
          : undefined,
      ),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        STAGE: config.stage,
        POWERTOOLS_SERVICE_NAME: APP_NAME,
        POWERTOOLS_METRICS_NAMESPACE: 'InvoicePilot',
        POWERTOOLS_LOG_LEVEL: config.production ? 'INFO' : 'DEBUG',
        // Responses carry invoice contents; traces keep timings and errors only.
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
        TABLE_NAME: identifiers.tableName,
        BUCKET_NAME: identifiers.bucketName,
        USER_POOL_ID: identifiers.userPoolId,
        USER_POOL_CLIENT_ID: identifiers.userPoolClientId,
        PUBLIC_URL: identifiers.publicUrl,
        INBOX_DOMAIN: identifiers.inboxDomain,
        ...(this.implemented ? {} : { MISSING_HANDLER: props.entry }),
      },
    });
    this.acknowledge(
      'AwsSolutions-IAM5[Resource::*]',
      'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which have no resource-level permissions (X-Ray supports only "*").',
    );
    this.acknowledge(
      'AwsSolutions-L1',
      'Node.js 22 is pinned on purpose: it is the runtime the team develops and tests on; moving to a newer runtime is a deliberate, tested change.',
    );
  }

  /**
   * Reads (`read`) or reads and writes (`readWrite`) items of the table, and queries its indexes; sets
   * TABLE_NAME. The actions are the ones the adapters call (TABLE_ACTIONS): no Scan, no stream reads, no
   * DescribeTable. The index resource is explicit: a table imported by name knows none of its indexes, so
   * CDK's own grant would leave every GSI query denied.
   */
  bindTable(table: ITableV2, access: 'read' | 'readWrite'): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources: [table.tableArn] }),
    );
    const indexes = `${table.tableArn}/index/*`;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [indexes] }),
    );
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    this.acknowledgeResource(
      indexes,
      'Queries of the table’s global secondary indexes (GSI1 status listings, GSI2 vendor history); the wildcard matches only this table’s indexes, and only dynamodb:Query is granted on them.',
    );
    return this;
  }

  /** Object actions on one key prefix of the bucket (e.g. `uploads/`); sets BUCKET_NAME. */
  bindBucket(bucket: IBucket, prefix: string, actions: ObjectAction[]): this {
    const objects = bucket.arnForObjects(`${prefix}*`);
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [objects] }));
    this.function.addEnvironment('BUCKET_NAME', bucket.bucketName);
    this.acknowledgeResource(
      objects,
      `Objects are keyed per tenant and invoice under ${prefix} (${prefix}<orgId>/<invoiceId>/<file>); the grant is limited to that prefix and to ${actions.join(', ')}.`,
    );
    return this;
  }

  /** Lists keys under one prefix of the bucket (s3:ListBucket with an s3:prefix condition). */
  bindBucketListing(bucket: IBucket, prefix: string): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
      }),
    );
    this.function.addEnvironment('BUCKET_NAME', bucket.bucketName);
    return this;
  }

  /**
   * Sends messages to the queue (sqs:SendMessage only: the publisher sends by URL and reads nothing back);
   * sets the env var the publisher reads (SYNC_QUEUE_URL / WEBHOOK_QUEUE_URL).
   */
  bindQueue(queue: IQueue, envName: 'SYNC_QUEUE_URL' | 'WEBHOOK_QUEUE_URL'): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    );
    this.function.addEnvironment(envName, queue.queueUrl);
    return this;
  }

  /** Starts executions of the state machine (reprocessing); sets STATE_MACHINE_ARN. */
  bindStateMachine(stateMachine: IStateMachine): this {
    stateMachine.grantStartExecution(this.role);
    this.function.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
    return this;
  }

  /**
   * Seals and/or opens stored secrets with the secrets key; sets SECRETS_KMS_KEY_ID. Every call must
   * carry the organization id as encryption context (the envelope always does), so a sealed value only
   * opens for its own organization.
   */
  bindSecretsKey(key: IKey, access: readonly SecretsAccess[]): this {
    const actions = access.map((a) => (a === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'));
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions,
        resources: [key.keyArn],
        conditions: {
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] },
          Null: { 'kms:EncryptionContext:organizationId': 'false' },
        },
      }),
    );
    this.function.addEnvironment('SECRETS_KMS_KEY_ID', key.keyArn);
    return this;
  }

  /**
   * The QuickBooks OAuth app's client id and secret, as CloudFormation dynamic references to the secret
   * named in physicalNames (by name, so no stack exports it): the template
   * never holds them and Lambda encrypts its environment at rest (as for the cursor key). A new value
   * reaches the functions at the next deploy.
   */
  bindQuickBooksApp(secretName: string): this {
    const field = (jsonField: string) => SecretValue.secretsManager(secretName, { jsonField }).unsafeUnwrap();
    this.function.addEnvironment('QUICKBOOKS_CLIENT_ID', field('clientId'));
    this.function.addEnvironment('QUICKBOOKS_CLIENT_SECRET', field('clientSecret'));
    return this;
  }

  /**
   * Sends the product's own e-mail (invitations) through SES from `fromAddress` only; sets MAIL_FROM.
   * The identity is verified per deployment (docs/deploy.md), so the resource names identities of the
   * account and the condition pins the sender.
   */
  bindMailSending(fromAddress: string): this {
    const APP_DISPLAY_NAME = 'Invoice Pilot';
    const { region, account } = Stack.of(this);
    const identities = `arn:aws:ses:${region}:${account}:identity/*`;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [identities],
        conditions: { StringEquals: { 'ses:FromAddress': fromAddress } },
      }),
    );
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::${nagResource(this, identities)}]`,
      'SES authorizes a send against the sender identity and, in the SES sandbox, each recipient identity; recipients are not known at deploy time. The ses:FromAddress condition pins the sender.',
    );
    this.function.addEnvironment('MAIL_FROM', `${APP_DISPLAY_NAME} <${fromAddress}>`);
    return this;
  }

  /** Adds a plain setting that needs no access (e.g. USAGE_PLAN_KEYS, which only API Gateway interprets). */
  setting(name: string, value: string): this {
    this.function.addEnvironment(name, value);
    return this;
  }

  /** A cdk-nag acknowledgement scoped to this function's role and function, never the whole stack. */
  acknowledge(id: string, reason: string): void {
    acknowledgeRules(this, { [id]: reason });
  }

  private acknowledgeResource(arn: string, reason: string): void {
    this.acknowledge(`AwsSolutions-IAM5[Resource::${nagResource(this, arn)}]`, reason);
  }
}

/** The text cdk-nag prints for a resource ARN, so an acknowledgement names exactly one wildcard resource. */
export function nagResource(scope: Construct, arn: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(arn));
}
