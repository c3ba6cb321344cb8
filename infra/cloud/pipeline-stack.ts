import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sesActions from 'aws-cdk-lib/aws-ses-actions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { INBOUND_MAIL_PREFIX } from '../../functions/workers/email-ingest/inbound-mail';
import { AppFunction, nagResource, type ObjectAction, type RuntimeIdentifiers } from './app-function';
import type { LambdaBundler } from './bundling';
import { type AppConfig, physicalNames } from './config';
import { TEXTRACT_OUTPUT_PREFIX, UPLOADS_PREFIX } from './data-stack';
import {
  EMAIL_INGEST_WORKER,
  type HandlerCatalog,
  OUTBOX_RELAY_WORKER,
  OUTBOX_SWEEP_MINUTES,
  readWorkflow,
  SCHEDULED_WORKERS,
  WORKERS,
  type WorkerSpec,
  type WorkflowDefinition,
  workerEntry,
} from './handlers';
import { acknowledge } from './nag';

export interface PipelineStackProps extends StackProps {
  config: AppConfig;
  catalog: HandlerCatalog;
  bundler: LambdaBundler;
  identifiers: RuntimeIdentifiers;
  /** The data stack's key of stored secrets (the workers open them to send). */
  secretsKey: IKey;
  /** The table's stream (the data stack's), which feeds the outbox relay. */
  tableStreamArn: string;
}

/** What one workflow state's function may touch beyond the table (which every state reads and writes). */
interface StateAccess {
  objects?: { prefix: string; actions: ObjectAction[] }[];
  /** Publishes invoice events (adapters/sqs/invoice-events.ts) to the webhook queue. */
  publishesEvents?: boolean;
  memorySize?: number;
  timeout?: Duration;
  /** Native packages shipped beside the bundle, and the architecture whose binary they ship with. */
  native?: { packages: string[]; architecture: Architecture };
}

/**
 * pdfjs-dist loads @napi-rs/canvas with a runtime require (for DOMMatrix, used as it loads), so the
 * states that open PDFs ship it. Its binary for linux-x64 is the one npm installs on the x64 machines
 * that synthesize and deploy (CI, laptops), so these states run on x86_64; the arm64 binary is not in
 * the lock file. npm run test:cloud-bundles found this: without the package, pdfjs threw
 * `DOMMatrix is not defined` and Inspect rejected every PDF as unreadable.
 */
export const PDF_READER = { packages: ['@napi-rs/canvas'], architecture: Architecture.X86_64 };

/**
 * Access per state module, read from what each module imports (functions/workflow/states/*.ts). A state
 * not listed gets the table only. Keep this in step with the modules: a missing grant shows up as
 * AccessDenied in the state's logs and sends the invoice to review.
 */
const STATE_ACCESS: Record<string, StateAccess> = {
  // Deletes the object of an upload that belongs to no invoice; publishes invoice.uploaded.
  register: { objects: [{ prefix: UPLOADS_PREFIX, actions: ['s3:DeleteObject'] }], publishesEvents: true },
  // Reads the bytes for magic numbers and page count (pdfjs, sharp): the heaviest state.
  inspect: {
    objects: [{ prefix: UPLOADS_PREFIX, actions: ['s3:GetObject'] }],
    native: PDF_READER,
    memorySize: 1536,
    timeout: Duration.minutes(2),
  },
  // Reads a text-layer PDF's pages (pdfjs) for the documents of a batch, stores each document's pages
  // as a file of its own under uploads/ (whose object events start their runs), and writes the split.
  split: {
    objects: [{ prefix: UPLOADS_PREFIX, actions: ['s3:GetObject', 's3:PutObject'] }],
    native: PDF_READER,
    memorySize: 1536,
    timeout: Duration.minutes(2),
  },
  // Reads the finished Textract job of a scanned PDF for the documents of a batch, and the upload's page
  // tree (pdfjs) to cut it; stores each document's pages as Split does, and writes the split.
  'split-read': {
    objects: [
      { prefix: UPLOADS_PREFIX, actions: ['s3:GetObject', 's3:PutObject'] },
      { prefix: TEXTRACT_OUTPUT_PREFIX, actions: ['s3:GetObject'] },
    ],
    native: PDF_READER,
    memorySize: 1536,
    timeout: Duration.minutes(2),
  },
  // The local engine on a text-layer PDF (pdfjs and the field model; no OCR engine, no onnxruntime):
  // reads the upload, stores its answer where an async Textract job would. It calls no Textract itself.
  'extract-locally': {
    objects: [
      { prefix: UPLOADS_PREFIX, actions: ['s3:GetObject'] },
      { prefix: TEXTRACT_OUTPUT_PREFIX, actions: ['s3:PutObject'] },
    ],
    native: PDF_READER,
    memorySize: 1536,
    timeout: Duration.minutes(2),
  },
  // Reads the asynchronous Textract job's output parts (or the local engine's answer), and the
  // uploaded PDF for the e-invoice XML it may carry (pdfjs, attachments only).
  normalize: {
    objects: [
      { prefix: TEXTRACT_OUTPUT_PREFIX, actions: ['s3:GetObject'] },
      { prefix: UPLOADS_PREFIX, actions: ['s3:GetObject'] },
    ],
    native: PDF_READER,
    memorySize: 1024,
    timeout: Duration.minutes(1),
  },
  classify: { memorySize: 1024, timeout: Duration.seconds(30) },
  decide: { publishesEvents: true },
  // Settles a failed run the way Decide does (review + events).
  'mark-failed': { publishesEvents: true },
};

/** Visibility must outlast the consumer's timeout (AWS: 6×) so a message is not redelivered mid-flight. */
const WORKER_TIMEOUT = Duration.seconds(30);

/**
 * The processing pipeline: the Step Functions workflow from the shared ASL file (one Lambda per state,
 * Textract through SDK integrations), the EventBridge rule that starts it on every object created under
 * uploads/, and the queues with their consumers (integration sync, webhook delivery).
 */
export class PipelineStack extends Stack {
  readonly stateMachine: sfn.StateMachine;
  readonly workflow: WorkflowDefinition;
  readonly syncQueue: sqs.Queue;
  readonly webhookQueue: sqs.Queue;
  /** Every dead-letter queue of this stack, for the DLQ-depth alarms. */
  readonly deadLetterQueues: sqs.Queue[] = [];
  /** Their physical names (alarms use names, not exports; see observability-stack.ts). */
  readonly deadLetterQueueNames: string[] = [];
  readonly stateMachineName: string;
  /** Every function of this stack (state functions and workers), for the error alarms. */
  readonly functions: AppFunction[] = [];
  readonly stateFunctions = new Map<string, AppFunction>();
  readonly workerFunctions = new Map<string, AppFunction>();
  /** Where SES stores inbound mail (`inbound/<messageId>`) for the e-mail ingestion function. */
  readonly inboundMail: s3.Bucket;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    const { config, catalog, bundler, identifiers } = props;
    const names = physicalNames(config);
    const table = dynamodb.TableV2.fromTableName(this, 'Table', names.table);
    const bucket = s3.Bucket.fromBucketName(this, 'Uploads', identifiers.bucketName);

    this.syncQueue = this.queueWithDlq('IntegrationSync', `${config.prefix}-integration-sync`);
    this.webhookQueue = this.queueWithDlq('WebhookDelivery', `${config.prefix}-webhook-delivery`);
    const queues: Record<WorkerSpec['queue'], sqs.Queue> = {
      sync: this.syncQueue,
      webhook: this.webhookQueue,
    };

    for (const worker of WORKERS) {
      const fn = new AppFunction(this, `Worker-${worker.name}`, {
        entry: workerEntry(worker.name),
        name: `worker-${worker.name}`,
        catalog,
        bundler,
        config,
        identifiers,
        description: `Consumes the ${worker.name} queue`,
        timeout: WORKER_TIMEOUT,
      })
        .bindTable(table, 'readWrite')
        .bindSecretsKey(props.secretsKey, worker.secrets)
        .bindBucket(bucket, UPLOADS_PREFIX, ['s3:GetObject']);
      // The same SES sender and rights as the team API's invitations.
      if (worker.sendsEmail) fn.bindMailSending(`no-reply@${config.inboxDomain}`);
      if (worker.quickBooksApp) fn.bindQuickBooksApp(names.quickBooksAppSecret);
      if (worker.requeues) fn.bindQueue(queues[worker.queue], worker.envName);
      // Partial batch failures: one bad message is retried alone, then dead-lettered, not the batch.
      fn.function.addEventSource(
        new SqsEventSource(queues[worker.queue], {
          batchSize: 10,
          maxBatchingWindow: Duration.seconds(1),
          reportBatchItemFailures: true,
        }),
      );
      this.workerFunctions.set(worker.name, fn);
      this.functions.push(fn);
    }

    for (const worker of SCHEDULED_WORKERS) {
      const fn = new AppFunction(this, `Worker-${worker.name}`, {
        entry: workerEntry(worker.name),
        name: `worker-${worker.name}`,
        catalog,
        bundler,
        config,
        identifiers,
        description: worker.description,
        timeout: Duration.minutes(5),
      }).bindTable(table, 'readWrite');
      if (worker.readsUploads) fn.bindBucket(bucket, UPLOADS_PREFIX, ['s3:GetObject']);
      if (worker.sendsEmail) fn.bindMailSending(`no-reply@${config.inboxDomain}`);
      new events.Rule(this, `Schedule-${worker.name}`, {
        ruleName: `${config.prefix}-${worker.name}`,
        description: worker.description,
        schedule: events.Schedule.rate(Duration.minutes(worker.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
      this.workerFunctions.set(worker.name, fn);
      this.functions.push(fn);
    }

    // --- The workflow ---------------------------------------------------------------------------------
    this.workflow = readWorkflow(catalog);
    const substitutions: Record<string, string> = {};
    for (const task of this.workflow.tasks) {
      const access = STATE_ACCESS[task.name] ?? {};
      const fn = new AppFunction(this, `State-${task.name}`, {
        entry: task.module,
        name: `state-${task.name}`,
        catalog,
        bundler,
        config,
        identifiers,
        description: `Workflow state ${task.placeholder.slice(0, -3)}`,
        memorySize: access.memorySize,
        timeout: access.timeout ?? Duration.seconds(30),
        nativePackages: access.native?.packages,
        architecture: access.native?.architecture,
      }).bindTable(table, 'readWrite');
      for (const grant of access.objects ?? []) fn.bindBucket(bucket, grant.prefix, grant.actions);
      if (access.publishesEvents) fn.bindQueue(this.webhookQueue, 'WEBHOOK_QUEUE_URL');
      substitutions[task.placeholder] = fn.function.functionArn;
      this.stateFunctions.set(task.name, fn);
      this.functions.push(fn);
    }

    const role = new iam.Role(this, 'WorkflowRole', {
      assumedBy: new iam.ServicePrincipal('states.amazonaws.com'),
      description: 'Runs the invoice-processing workflow',
    });
    // Only the state functions of this definition, by exact ARN (the ASL calls them unqualified).
    if (this.stateFunctions.size > 0) {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [...this.stateFunctions.values()].map((f) => f.function.functionArn),
        }),
      );
    }
    if (this.workflow.textractActions.length > 0) {
      const textract = this.workflow.textractActions.map(
        (a) => `textract:${a[0].toUpperCase()}${a.slice(1)}`,
      );
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: textract, resources: ['*'] }));
      // Textract reads the file, and writes async results, with the caller's (this role's) permissions.
      const uploads = bucket.arnForObjects(`${UPLOADS_PREFIX}*`);
      const output = bucket.arnForObjects(`${TEXTRACT_OUTPUT_PREFIX}*`);
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [uploads] }));
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [output] }));
      acknowledge(role, {
        [`AwsSolutions-IAM5[Resource::${nagResource(this, uploads)}]`]:
          'Textract reads the uploaded file with the workflow role; objects are per tenant and invoice under uploads/, and only s3:GetObject is granted.',
        [`AwsSolutions-IAM5[Resource::${nagResource(this, output)}]`]:
          'StartExpenseAnalysis writes its result with the caller’s permissions under textract-output/<org>/<run>/; only s3:PutObject on that prefix is granted.',
      });
    }

    const logs = new LogGroup(this, 'WorkflowLogs', {
      logGroupName: `/aws/vendedlogs/states/${config.prefix}-process-invoice`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stateMachineName = `${config.prefix}-process-invoice`;
    this.stateMachine = new sfn.StateMachine(this, 'ProcessInvoice', {
      stateMachineName: this.stateMachineName,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromFile(this.workflow.file),
      definitionSubstitutions: substitutions,
      role,
      tracingEnabled: true,
      // ALL events, without execution data: the payload carries tenant ids and file keys, not invoices,
      // but keeping data out of logs is the safer default; the state functions log what they need.
      logs: { destination: logs, level: sfn.LogLevel.ALL, includeExecutionData: false },
      // As the ASL's TimeoutSeconds: an invoice may wait its turn behind its own organization's backlog
      // (Claim's processing slots), as long as the upload event itself may wait to start it.
      timeout: Duration.hours(24),
    });
    acknowledge(role, {
      'AwsSolutions-IAM5[Resource::*]':
        'Only services without resource-level permissions are granted on "*": Textract AnalyzeExpense/StartExpenseAnalysis/GetExpenseAnalysis, X-Ray trace segments, and the CloudWatch Logs log-delivery APIs Step Functions logging requires.',
    });

    // --- Object created under uploads/ → start the workflow with {bucket, objectKey} --------------------
    const startFailures = this.deadLetterQueue('WorkflowStart', `${config.prefix}-workflow-start-dlq`);
    new events.Rule(this, 'OnUpload', {
      ruleName: `${config.prefix}-on-upload`,
      description: 'Starts invoice processing for every file stored under uploads/',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: { bucket: { name: [identifiers.bucketName] }, object: { key: [{ prefix: UPLOADS_PREFIX }] } },
      },
      targets: [
        new targets.SfnStateMachine(this.stateMachine, {
          input: events.RuleTargetInput.fromObject({
            bucket: events.EventField.fromPath('$.detail.bucket.name'),
            objectKey: events.EventField.fromPath('$.detail.object.key'),
          }),
          retryAttempts: 20,
          maxEventAge: Duration.hours(24),
          deadLetterQueue: startFailures,
        }),
      ],
    });

    this.outboxRelay(props, queues);
    this.inboundMail = this.emailIngestion(props, table, bucket);

    new CfnOutput(this, 'StateMachineArn', { value: this.stateMachine.stateMachineArn });
  }

  /**
   * The outbox relay: the table's stream invokes it with new OUTBOX items (filtered at the event source, so
   * other writes cost no invocation); it hands each to its queue (or writes the notification, activates
   * the vendor, starts a reprocessing run) and deletes the item. A schedule sweeps items whose stream retries ran out. Its grants are
   * what the relay does and no more: item reads, the queries of outbox and integrations, notification puts,
   * vendor updates, outbox deletes, sending to the two queues, and starting the state machine.
   */
  private outboxRelay(props: PipelineStackProps, queues: Record<WorkerSpec['queue'], sqs.Queue>) {
    const { config, catalog, bundler, identifiers } = props;
    const names = physicalNames(config);
    const table = dynamodb.TableV2.fromTableAttributes(this, 'TableWithStream', {
      tableName: names.table,
      tableStreamArn: props.tableStreamArn,
    });
    const fn = new AppFunction(this, `Worker-${OUTBOX_RELAY_WORKER}`, {
      entry: workerEntry(OUTBOX_RELAY_WORKER),
      name: `worker-${OUTBOX_RELAY_WORKER}`,
      catalog,
      bundler,
      config,
      identifiers,
      description: 'Relays the outbox: every side effect of a change to its queue',
      timeout: Duration.minutes(1),
    })
      .bindQueue(queues.webhook, 'WEBHOOK_QUEUE_URL')
      .bindQueue(queues.sync, 'SYNC_QUEUE_URL')
      // Reprocessing starts its run from the outbox (the invoice's new run id and the start, one write).
      .bindStateMachine(this.stateMachine);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        resources: [table.tableArn],
      }),
    );
    fn.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 20,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { PK: { S: FilterRule.isEqual(keys.outboxPk) } } },
          }),
        ],
      }),
    );
    new events.Rule(this, `Schedule-${OUTBOX_RELAY_WORKER}`, {
      ruleName: `${config.prefix}-${OUTBOX_RELAY_WORKER}-sweep`,
      description: 'Relays outbox items the table stream did not deliver',
      schedule: events.Schedule.rate(Duration.minutes(OUTBOX_SWEEP_MINUTES)),
      targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
    });
    this.workerFunctions.set(OUTBOX_RELAY_WORKER, fn);
    this.functions.push(fn);
  }

  /**
   * E-mail in: an SES receipt rule for the inbox domain stores each message under inbound/ in its own
   * bucket, then invokes the ingestion function with the envelope recipients and verdicts; the function
   * creates invoices through the same upload path as the API (uploads/ → the workflow). The rule set must
   * be made the account's active one once (docs/deploy.md).
   */
  private emailIngestion(props: PipelineStackProps, table: dynamodb.ITableV2, uploads: s3.IBucket) {
    const { config, catalog, bundler, identifiers } = props;
    const inbound = new s3.Bucket(this, 'InboundMail', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // The invoices keep the attachments; the raw mail is only kept for investigating a failed ingestion.
      lifecycleRules: [{ expiration: Duration.days(30) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.production,
    });
    acknowledge(inbound, {
      'AwsSolutions-S1':
        'Only SES writes here and only the ingestion function reads; both are logged (SES receipt metrics, the function’s logs), and objects expire after 30 days.',
    });
    const fn = new AppFunction(this, `Worker-${EMAIL_INGEST_WORKER}`, {
      entry: workerEntry(EMAIL_INGEST_WORKER),
      name: `worker-${EMAIL_INGEST_WORKER}`,
      catalog,
      bundler,
      config,
      identifiers,
      description: 'Turns e-mail to the organizations’ inboxes into invoices',
      memorySize: 1024,
      timeout: Duration.minutes(1),
    })
      .bindTable(table, 'readWrite')
      .bindBucket(uploads, UPLOADS_PREFIX, ['s3:PutObject'])
      .bindQueue(this.webhookQueue, 'WEBHOOK_QUEUE_URL')
      .setting('INBOUND_MAIL_BUCKET', inbound.bucketName);
    // The handler reads one message by its key (getObjectBytes): s3:GetObject under inbound/, nothing else.
    const messages = inbound.arnForObjects(`${INBOUND_MAIL_PREFIX}*`);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [messages] }),
    );
    fn.acknowledge(
      `AwsSolutions-IAM5[Resource::${nagResource(this, messages)}]`,
      'Reads the raw messages SES stores under inbound/<messageId>; s3:GetObject only, limited to that prefix.',
    );
    this.workerFunctions.set(EMAIL_INGEST_WORKER, fn);
    this.functions.push(fn);

    const ruleSet = new ses.ReceiptRuleSet(this, 'InboundRules', {
      receiptRuleSetName: `${config.prefix}-inbound`,
    });
    ruleSet.addRule('Inboxes', {
      recipients: [config.inboxDomain],
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.REQUIRE,
      actions: [
        new sesActions.S3({ bucket: inbound, objectKeyPrefix: INBOUND_MAIL_PREFIX }),
        new sesActions.Lambda({
          function: fn.function,
          invocationType: sesActions.LambdaInvocationType.EVENT,
        }),
      ],
    });
    new CfnOutput(this, 'InboundRuleSetName', { value: ruleSet.receiptRuleSetName });
    return inbound;
  }

  private deadLetterQueue(id: string, name: string): sqs.Queue {
    const dlq = new sqs.Queue(this, `${id}Dlq`, {
      queueName: name,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(dlq, {
      'AwsSolutions-SQS3':
        'This queue is itself a dead-letter queue; its depth is alarmed in the observability stack.',
    });
    this.deadLetterQueues.push(dlq);
    this.deadLetterQueueNames.push(name);
    return dlq;
  }

  private queueWithDlq(id: string, name: string): sqs.Queue {
    const dlq = this.deadLetterQueue(id, `${name}-dlq`);
    return new sqs.Queue(this, id, {
      queueName: name,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    });
  }
}
