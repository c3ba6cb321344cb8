import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { resetDbClient } from '../../functions/adapters/dynamodb/client';
import { provisionUser } from '../../functions/adapters/dynamodb/provisioning';
import { createTableInput } from '../../functions/adapters/dynamodb/table-definition';
import { resetMailSender } from '../../functions/adapters/email/mail-sender';
import { provideAdapterPorts } from '../../functions/adapters/ports';
import { resetS3Client } from '../../functions/adapters/s3/storage';
import { ensureKeyFile } from '../../functions/adapters/secrets';
import { registerQueueCarrier, resetSqsClient } from '../../functions/adapters/sqs/queues';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { resetVerifier } from '../../functions/authorizer/verify-bearer';
import type { ExpenseAnalyzer } from '../../functions/core/extraction/expense-types';
import { resetEnv } from '../../functions/env';
import { cognitoClient, ensureLocalUserPool, ensureUser, markEmailVerified } from './cognito-bootstrap';
import { claimDataFolder } from './data-folder-lock';
import { DurableQueues, queueUrlOf } from './durable-queue';
import {
  type Emulator,
  type S3EventRecord,
  startCognitoLocal,
  startDynamoDbLocal,
  startS3rver,
} from './emulators';
import { type FakePropertyware, startFakePropertyware } from './fakes/propertyware';
import { type FakeQuickBooks, startFakeQuickBooks } from './fakes/quickbooks';
import { startGateway } from './gateway';
import { type LocalInsuranceAlerts, startInsuranceAlerts } from './insurance-alerts';
import {
  DEMO_USER,
  LOCAL_BUCKET,
  LOCAL_INBOX_DOMAIN,
  LOCAL_QUEUE_TABLE,
  LOCAL_REGION,
  LOCAL_SYNC_QUEUE,
  LOCAL_TABLE,
  LOCAL_USER_POOL_ID,
  LOCAL_WEBHOOK_QUEUE,
} from './local-config';
import { localKey } from './local-keys';
import { Mailbox } from './mailbox';
import { type LocalOutboxRelay, startOutboxRelay } from './outbox-relay';
import { assertPortFree, freePort } from './ports';
import { type QueueWorkers, startQueueWorkers } from './queue-workers';
import { cognitoProxyRoute, devMailboxRoute } from './routes';
import { type LocalSmtpServer, startSmtpServer } from './smtp-server';
import { storagePostTarget } from './storage-post-target';
import { LocalWorkflowRunner } from './workflow-runner';

export interface LocalStackOptions {
  dataDir: string;
  /** Gateway port; 0 picks a free one. */
  port: number;
  /** Built SPA to serve; omitted in API-only tests. */
  staticDir?: string;
  /** Seed the demo organization and user. */
  seedDemo?: boolean;
  log?: (line: string) => void;
  /** Called with every object-created record from storage (besides the workflow runner). */
  onObjectCreated?: (record: S3EventRecord) => void;
  /** Run the processing workflow on uploads (default true); tests of other parts may turn it off. */
  workflow?: boolean;
  /** Run the daily insurance expiry alerts, at start and every day (default true; a test may run them itself). */
  insuranceAlerts?: boolean;
  /** Workflow runs at once (default 2: OCR is CPU-bound and the machine has 2 cores). */
  workflowConcurrency?: number;
  /** The Extract engine (default: the local engine in its own capped process, see isolated-analyzer.ts). */
  analyzer?: ExpenseAnalyzer;
  /** Poll the integration-sync and webhook queues (default true). */
  queueWorkers?: boolean;
  /** Seconds before a failed queue message is retried locally (default 10; tests use less). */
  queueRetryBaseSeconds?: number;
  /**
   * Lets webhooks and integrations call loopback addresses (OUTBOUND_ALLOW_LOOPBACK), for fakes on
   * 127.0.0.1. Off by default; `npm start` and the test helper turn it on. Private, link-local and metadata
   * addresses stay refused either way.
   */
  allowLoopbackOutbound?: boolean;
  /** Runs once the data folder and port are claimed, before any emulator starts (npm start builds the SPA). */
  beforeStart?: () => Promise<void>;
}

export interface LocalStack {
  url: string;
  port: number;
  dataDir: string;
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string };
  endpoints: { dynamodb: string; s3: string; cognito: string };
  demo: { email: string; password: string };
  mailbox: Mailbox;
  /** The SMTP server: mail to an inbox address is ingested, any other goes to `mailbox`. */
  smtp: { host: string; port: number };
  /** The local QuickBooks Online fake: its URL is a QuickBooks integration's API URL, with this token. */
  quickbooks: FakeQuickBooks;
  /** The local Propertyware fake: its URL is a Propertyware integration's API URL, with these credentials. */
  propertyware: FakePropertyware;
  queues: { sync: string; webhooks: string };
  /** The durable queues those URLs name (kept in DynamoDB Local, so in DATA_DIR). */
  queueStore: DurableQueues;
  /** The outbox relay: hands every side effect written with a change to its queue. */
  outbox: LocalOutboxRelay;
  /** The in-process workflow runner (undefined when `workflow: false`). */
  workflow?: LocalWorkflowRunner;
  /** The queue consumers (undefined when `queueWorkers: false`). */
  workers?: QueueWorkers;
  stop(): Promise<void>;
}

/** The product's table and the durable queues' table, created on a fresh data folder. */
async function ensureTables(endpoint: string) {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(LOCAL_TABLE)));
  }
  await DurableQueues.ensureTable(client, LOCAL_QUEUE_TABLE);
  return client;
}

/**
 * Waits for every emulator to start or fail before failing, so that none is still starting (and so
 * missed by the clean-up) when a sibling's failure stops the stack.
 */
async function allStarted<T extends readonly Promise<Emulator>[]>(
  starting: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starting);
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<Emulator>).value) as never;
}

/**
 * Starts every local part on loopback (DynamoDB Local, s3rver, cognito-local and the gateway), creates
 * what is missing (tables, bucket, user pool and client), seeds the demo user,
 * and points the function code of this process at them. Data lives under `dataDir` and survives restarts.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // Every upload begun before this instant belonged to an earlier server (one per data folder).
  const serverStart = new Date();
  // The local runtime calls core itself (the workflow runner's sweep), as the handlers do: same ports.
  provideAdapterPorts();
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? (() => undefined);
  // A taken port is found before anything starts, not after the emulators are up.
  if (options.port) await assertPortFree(options.port);
  const [dynamoPort, s3Port, cognitoPort, gatewayPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    options.port ? Promise.resolve(options.port) : freePort(),
  ]);
  const url = `http://127.0.0.1:${gatewayPort}`;
  const folder = claimDataFolder(dataDir);
  try {
    await options.beforeStart?.();
  } catch (error) {
    folder.release();
    throw error;
  }
  const mailbox = new Mailbox();
  const cognitoDir = join(dataDir, 'cognito');
  const { clientId } = ensureLocalUserPool(cognitoDir, LOCAL_USER_POOL_ID);
  const started: Emulator[] = [];
  const track = async (p: Promise<Emulator>) => {
    const emulator = await p;
    started.push(emulator);
    folder.recordChildren(started.map((e) => e.pid).filter((pid): pid is number => typeof pid === 'number'));
    return emulator;
  };
  let gateway: Server | undefined;
  let runner: LocalWorkflowRunner | undefined;
  let workers: QueueWorkers | undefined;
  let outbox: LocalOutboxRelay | undefined;
  let insuranceAlerts: LocalInsuranceAlerts | undefined;
  let queueClient: DynamoDBClient | undefined;
  let cognitoAdmin: ReturnType<typeof cognitoClient> | undefined;
  let smtp: LocalSmtpServer | undefined;
  let quickbooks: FakeQuickBooks | undefined;
  let propertyware: FakePropertyware | undefined;
  const stop = async () => {
    // Background work first (as a killed server would leave it: resumable), then the emulators.
    await Promise.allSettled([
      runner?.stop(),
      workers?.stop(),
      outbox?.stop(),
      insuranceAlerts?.stop(),
      smtp?.stop(),
      quickbooks?.stop(),
      propertyware?.stop(),
    ]);
    resetMailSender();
    await new Promise<void>((r) => (gateway ? gateway.close(() => r()) : r()));
    gateway?.closeAllConnections();
    registerQueueCarrier(undefined);
    queueClient?.destroy();
    await Promise.allSettled(started.map((e) => e.stop()));
    cognitoAdmin?.destroy();
    folder.release();
  };
  try {
    const [dynamo, s3, cognito] = await allStarted([
      track(startDynamoDbLocal({ port: dynamoPort, dataDir: join(dataDir, 'dynamodb') })),
      track(
        startS3rver({
          port: s3Port,
          dataDir: join(dataDir, 's3'),
          buckets: [LOCAL_BUCKET],
          allowedOrigins: [url],
          onEvent: (event) => {
            for (const record of event.Records) {
              runner?.onObjectCreated(record);
              options.onObjectCreated?.(record);
            }
          },
        }),
      ),
      track(
        startCognitoLocal({
          port: cognitoPort,
          dataDir: cognitoDir,
          region: LOCAL_REGION,
          onMessage: (message) => {
            mailbox.add(message);
            log(`Confirmation code for ${message.to}: ${message.code}`);
          },
        }),
      ),
    ]);
    queueClient = await ensureTables(dynamo.endpoint);
    // The queues live in DynamoDB Local, in DATA_DIR: a message queued or a retry waiting survives a kill.
    const queueStore = new DurableQueues(DynamoDBDocumentClient.from(queueClient), LOCAL_QUEUE_TABLE);
    const queues = { sync: queueUrlOf(LOCAL_SYNC_QUEUE), webhooks: queueUrlOf(LOCAL_WEBHOOK_QUEUE) };
    registerQueueCarrier({
      send: async (queueUrl, body, delaySeconds) => {
        await queueStore.send(queueUrl, body, delaySeconds);
      },
    });
    // The master key of stored secrets (the local stand-in for the KMS key), created on the first start.
    const secretsKeyFile = join(dataDir, 'secrets.key');
    ensureKeyFile(secretsKeyFile);

    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      TABLE_NAME: LOCAL_TABLE,
      BUCKET_NAME: LOCAL_BUCKET,
      USER_POOL_ID: LOCAL_USER_POOL_ID,
      USER_POOL_CLIENT_ID: clientId,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      COGNITO_JWKS_URL: `${cognito.endpoint}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      PUBLIC_URL: url,
      SYNC_QUEUE_URL: queues.sync,
      WEBHOOK_QUEUE_URL: queues.webhooks,
      SYNC_RETRY_SECONDS: String(options.queueRetryBaseSeconds ?? 10),
      CURSOR_SIGNING_KEY: localKey(dataDir, 'cursor-signing-key'),
      STAGE: 'local',
      SECRETS_KEY_FILE: secretsKeyFile,
      OUTBOUND_ALLOW_LOOPBACK: options.allowLoopbackOutbound ? 'true' : 'false',
    });
    delete process.env.SECRETS_KMS_KEY_ID;
    // Messages go to the durable queues (registerQueueCarrier), never to an SQS endpoint.
    delete process.env.SQS_ENDPOINT;
    resetEnv();
    resetDbClient();
    resetS3Client();
    resetSqsClient();
    resetVerifier();
    smtp = await startSmtpServer({ mailbox, log });
    // Its token is kept in DATA_DIR, so an integration saved with it keeps working after a restart.
    quickbooks = await startFakeQuickBooks({ accessToken: localKey(dataDir, 'quickbooks-fake-token') });
    // Its credentials are kept in DATA_DIR too, for the same reason.
    propertyware = await startFakePropertyware({
      credentials: {
        clientId: `pw-client-${localKey(dataDir, 'propertyware-fake-client').slice(0, 8)}`,
        clientSecret: localKey(dataDir, 'propertyware-fake-secret'),
      },
    });
    // The sync's OAuth app is the fake's locally (the cloud sets Intuit's).
    Object.assign(process.env, {
      QUICKBOOKS_CLIENT_ID: quickbooks.client.id,
      QUICKBOOKS_CLIENT_SECRET: quickbooks.client.secret,
      QUICKBOOKS_TOKEN_URL: `${quickbooks.url}/oauth2/v1/tokens/bearer`,
      QUICKBOOKS_AUTHORIZE_URL: `${quickbooks.url}/connect/oauth2`,
      QUICKBOOKS_API_URL: quickbooks.url,
    });
    // The product's outbound e-mail goes to it (functions/adapters/email/mail-sender.ts).
    Object.assign(process.env, {
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      INBOX_DOMAIN: LOCAL_INBOX_DOMAIN,
    });
    resetEnv();
    resetMailSender();

    const admin = cognitoClient(cognito.endpoint, LOCAL_REGION);
    cognitoAdmin = admin;
    if (options.seedDemo !== false) {
      const sub = await ensureUser(admin, LOCAL_USER_POOL_ID, DEMO_USER);
      await provisionUser(
        { sub, email: DEMO_USER.email, firstName: DEMO_USER.firstName, lastName: DEMO_USER.lastName },
        { orgName: DEMO_USER.orgName, slug: DEMO_USER.orgSlug },
      );
    }

    const cognitoInfo = {
      endpoint: cognito.endpoint,
      region: LOCAL_REGION,
      userPoolId: LOCAL_USER_POOL_ID,
      clientId,
    };
    gateway = await startGateway({
      port: gatewayPort,
      staticDir: options.staticDir,
      log,
      runtimeConfig: () => ({
        region: LOCAL_REGION,
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: clientId,
        userPoolEndpoint: `${url}/cognito`,
        authFlowType: 'USER_PASSWORD_AUTH',
        stage: 'local',
      }),
      extraRoutes: [
        cognitoProxyRoute(cognito.endpoint, (username) =>
          markEmailVerified(admin, LOCAL_USER_POOL_ID, username),
        ),
        devMailboxRoute(mailbox),
        // The local S3 client signs with s3rver's fixed secret; the target checks signatures with it.
        storagePostTarget({ bucket: LOCAL_BUCKET, secret: 'S3RVER' }),
      ],
    });

    if (options.workflow !== false) {
      runner = new LocalWorkflowRunner({
        concurrency: options.workflowConcurrency,
        analyzer: options.analyzer,
        log,
      });
      registerProcessingStarter(runner);
      await runner.resume(serverStart);
    }
    // Always on: what the outbox holds belongs in the queues, whether or not anyone consumes them here.
    outbox = startOutboxRelay({ log });
    if (options.insuranceAlerts !== false) insuranceAlerts = startInsuranceAlerts({ log });
    if (options.queueWorkers !== false)
      workers = startQueueWorkers({
        queues,
        store: queueStore,
        log,
        retryBaseSeconds: options.queueRetryBaseSeconds,
      });

    const stack: LocalStack = {
      url,
      port: gatewayPort,
      dataDir,
      cognito: cognitoInfo,
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: cognito.endpoint },
      demo: { email: DEMO_USER.email, password: DEMO_USER.password },
      mailbox,
      smtp: { host: smtp.host, port: smtp.port },
      quickbooks,
      propertyware,
      queues,
      queueStore,
      outbox,
      workflow: runner,
      workers,
      stop,
    };
    writeFileSync(
      join(dataDir, 'local.json'),
      `${JSON.stringify(
        // `table` and `endpoints` let local tools (npm run admin) reach the running stack's data.
        {
          url,
          smtp: stack.smtp,
          quickbooks: { url: quickbooks.url, accessToken: quickbooks.accessToken },
          propertyware: { url: propertyware.url, ...propertyware.credentials },
          cognito: cognitoInfo,
          demo: stack.demo,
          table: LOCAL_TABLE,
          endpoints: stack.endpoints,
        },
        null,
        2,
      )}\n`,
    );
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}
