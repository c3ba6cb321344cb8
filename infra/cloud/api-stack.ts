import { createHash } from 'node:crypto';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Architecture } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { API_RESOURCES } from '../../functions/api/routes';
import { PLAN_MONTHLY_API_QUOTA, PLANS, type Plan } from '../../shared/constants';
import { AppFunction, type ObjectAction, type RuntimeIdentifiers, type SecretsAccess } from './app-function';
import type { LambdaBundler } from './bundling';
import { API_STAGE_NAME, type AppConfig, physicalNames } from './config';
import { CERTIFICATES_PREFIX, UPLOADS_PREFIX } from './data-stack';
import { AUTHORIZER_ENTRY, apiEntry, type HandlerCatalog } from './handlers';
import { acknowledge } from './nag';
import { PDF_READER } from './pipeline-stack';

// ---------------------------------------------------------------------------------------------------------
// The REST API resource itself lives in its own small stack, created before the web stack: CloudFront
// needs the API's id for its /api/* origin, while the API's functions need the distribution's domain
// (PUBLIC_URL) and the upload bucket's CORS needs the site origin. Splitting the RestApi resource from its
// methods breaks that cycle: gateway → web → data → pipeline → api.
// ---------------------------------------------------------------------------------------------------------

export interface ApiGatewayStackProps extends StackProps {
  config: AppConfig;
}

/** The bare REST API (no methods yet); `ApiStack` adds the resources, authorizer, stage and usage plans. */
export class ApiGatewayStack extends Stack {
  readonly restApiId: string;
  readonly rootResourceId: string;

  constructor(scope: Construct, id: string, props: ApiGatewayStackProps) {
    super(scope, id, props);
    const api = new apigw.CfnRestApi(this, 'RestApi', {
      name: `${props.config.prefix}-api`,
      description: 'Invoice Pilot /api (behind CloudFront)',
      // Usage plans are chosen by the authorizer (usageIdentifierKey), never by a client header.
      apiKeySourceType: 'AUTHORIZER',
      // CloudFront is already in front; an edge-optimized API would add a second distribution.
      endpointConfiguration: { types: ['REGIONAL'] },
      // Multipart uploads arrive as bytes and file downloads leave as bytes; the handlers decode bodies
      // by `isBase64Encoded`, so treating every media type as binary is safe and keeps files intact.
      binaryMediaTypes: ['*/*'],
    });
    acknowledge(api, {
      'AwsSolutions-APIG2':
        'Every /api method is a Lambda proxy whose handler validates path, query and body with the shared zod schemas and answers 400 with field issues (the API contract); a gateway model would duplicate those schemas.',
    });
    this.restApiId = api.ref;
    this.rootResourceId = api.attrRootResourceId;
    new CfnOutput(this, 'RestApiId', { value: this.restApiId });
  }
}

/** What one /api resource's function may touch beyond the identifiers every function gets. */
interface ApiAccess {
  table: 'none' | 'read' | 'readWrite';
  objects?: ObjectAction[];
  /** What it may do with vendors' certificate files (`certificates/<orgId>/…`, outside the invoice uploads). */
  certificateObjects?: ObjectAction[];
  /** The queues it sends to: webhook deliveries and/or, on approval, integration syncs. */
  queues?: readonly ('webhook' | 'sync')[];
  /** Sends the product's own e-mail through SES (invitations). */
  sendsEmail?: boolean;
  /** Stores (`seal`) and/or sends (`open`) integration credentials and webhook secrets. */
  secrets?: readonly SecretsAccess[];
  /** Runs the Connect to QuickBooks flow with the deployment's Intuit OAuth app. */
  quickBooksApp?: boolean;
  memorySize?: number;
  timeout?: Duration;
  /** Native packages it ships, and the architecture of their binary (pdfjs's canvas, pipeline-stack.ts). */
  native?: { packages: string[]; architecture: Architecture };
}

/**
 * Access per /api resource, from what each handler imports. A resource not listed reads and writes the
 * table only. Cognito needs no grant: tokens are verified against the pool's public keys.
 */
export const API_ACCESS: Record<string, ApiAccess> = {
  session: { table: 'none' },
  openapi: { table: 'none' },
  'invitation-links': { table: 'read' },
  // Writes: the join page's choice (POST /api/auth/membership) provisions the person's organization.
  auth: { table: 'readWrite' },
  stats: { table: 'read' },
  analytics: { table: 'read' },
  // Reads vendors and invoices; opens TINs for an administrator's 1099 export (the one answer in full).
  reports: { table: 'read', secrets: ['open'] },
  // Invitation e-mails go out through SES.
  team: { table: 'readWrite', sendsEmail: true },
  // Stores credentials, and opens them for test-connection (the one API call that sends them).
  // Connect to QuickBooks exchanges the authorization code with the deployment's Intuit app.
  integrations: { table: 'readWrite', secrets: ['seal', 'open'], quickBooksApp: true },
  // Stores signing secrets; only the delivery worker opens them.
  // Resend queues a delivery attempt on the webhook queue.
  webhooks: { table: 'readWrite', secrets: ['seal'], queues: ['webhook'] },
  // Seals a vendor's TIN before storing it; never opens one. Stores, serves and deletes certificate files.
  vendors: {
    table: 'readWrite',
    secrets: ['seal'],
    certificateObjects: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  },
  invoices: {
    table: 'readWrite',
    objects: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    queues: ['webhook', 'sync'],
    // Multipart uploads of up to 10 MiB are parsed in memory.
    memorySize: 1024,
    timeout: Duration.seconds(29),
    // Split here and Merge with previous read the uploaded PDF's page tree (pdfjs) to cut it again.
    native: PDF_READER,
  },
};
const DEFAULT_API_ACCESS: ApiAccess = { table: 'readWrite' };

/**
 * Gateway limits per subscription plan. There is one API Gateway key per plan (the authorizer maps the
 * organization's plan to it), so these limits are shared by every organization on the plan: they are a
 * backstop against runaway clients, not each tenant's quota. The per-organization monthly quota
 * (PLAN_MONTHLY_API_QUOTA) of API-key calls is counted in the table (`USAGE#<yyyy-mm>`) and enforced
 * (429) by the application.
 */
export const USAGE_PLAN_LIMITS: Record<
  Plan,
  { rateLimit: number; burstLimit: number; monthlyQuota: number }
> = {
  STARTER: { rateLimit: 50, burstLimit: 100, monthlyQuota: PLAN_MONTHLY_API_QUOTA.STARTER * 1000 },
  PROFESSIONAL: { rateLimit: 100, burstLimit: 200, monthlyQuota: PLAN_MONTHLY_API_QUOTA.PROFESSIONAL * 200 },
  ENTERPRISE: { rateLimit: 200, burstLimit: 400, monthlyQuota: PLAN_MONTHLY_API_QUOTA.ENTERPRISE * 50 },
};

/**
 * The value of a plan's API Gateway key: deterministic per stage so the authorizer's USAGE_PLAN_KEYS can
 * be set at synth without Secrets Manager. It is an identifier, not a credential: with the API's key
 * source set to AUTHORIZER, API Gateway ignores any `x-api-key` a client sends.
 */
export function usagePlanKeyValue(stage: string, plan: Plan): string {
  return `${plan.toLowerCase()}-${createHash('sha256').update(`invoice-pilot/${stage}/usage-plan/${plan}`).digest('hex').slice(0, 32)}`;
}

const errorTemplate = (message: string, code: string) => ({
  'application/json': JSON.stringify({ message, code }),
});

/** JSON answers for what API Gateway rejects before a handler runs, in the API's error shape. */
export const GATEWAY_RESPONSES: {
  type: apigw.ResponseType;
  statusCode?: string;
  message: string;
  code: string;
  /** Every 429 carries Retry-After (seconds); the gateway's own are static values. */
  retryAfterSeconds?: number;
}[] = [
  { type: apigw.ResponseType.UNAUTHORIZED, statusCode: '401', message: 'Unauthorized', code: 'unauthorized' },
  {
    type: apigw.ResponseType.ACCESS_DENIED,
    statusCode: '403',
    message: 'Unauthorized',
    code: 'unauthorized',
  },
  {
    type: apigw.ResponseType.INVALID_API_KEY,
    statusCode: '403',
    message: 'Unauthorized',
    code: 'unauthorized',
  },
  {
    type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
    statusCode: '404',
    message: 'Not found',
    code: 'not_found',
  },
  {
    type: apigw.ResponseType.QUOTA_EXCEEDED,
    statusCode: '429',
    message: 'API quota exceeded',
    code: 'quota',
    // The tier-wide monthly backstop: the gateway cannot compute the 1st of next month, so a day.
    retryAfterSeconds: 86_400,
  },
  {
    type: apigw.ResponseType.THROTTLED,
    statusCode: '429',
    message: 'Too many requests',
    code: 'quota',
    // The stage and usage-plan throttles are token buckets refilled every second.
    retryAfterSeconds: 1,
  },
  {
    type: apigw.ResponseType.REQUEST_TOO_LARGE,
    statusCode: '413',
    message: 'Request too large',
    code: 'too_large',
  },
  { type: apigw.ResponseType.DEFAULT_5XX, message: 'Internal error', code: 'internal' },
];

export interface ApiStackProps extends StackProps {
  config: AppConfig;
  catalog: HandlerCatalog;
  bundler: LambdaBundler;
  identifiers: RuntimeIdentifiers;
  restApiId: string;
  rootResourceId: string;
  syncQueue: IQueue;
  webhookQueue: IQueue;
  /** The data stack's key of stored secrets. */
  secretsKey: IKey;
}

/**
 * The /api surface: one function per entry of API_RESOURCES (a resource per path, ANY method, proxy
 * integration), the REQUEST authorizer on every non-public method, the stage with access logs and
 * tracing, gateway error responses and one usage plan per subscription plan.
 */
export class ApiStack extends Stack {
  readonly api: apigw.IRestApi;
  readonly stage: apigw.Stage;
  readonly authorizerFunction: AppFunction;
  /** Function per API_RESOURCES handler. */
  readonly resourceFunctions = new Map<string, AppFunction>();
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, catalog, bundler, identifiers } = props;
    const names = physicalNames(config);
    const table = dynamodb.TableV2.fromTableName(this, 'Table', names.table);
    const bucket = s3.Bucket.fromBucketName(this, 'Uploads', identifiers.bucketName);
    this.api = apigw.RestApi.fromRestApiAttributes(this, 'Api', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });

    // --- Authorizer --------------------------------------------------------------------------------------
    const usagePlanKeys = Object.fromEntries(
      PLANS.map((plan) => [plan, usagePlanKeyValue(config.stage, plan)]),
    );
    this.authorizerFunction = new AppFunction(this, 'AuthorizerFunction', {
      entry: AUTHORIZER_ENTRY,
      name: 'authorizer',
      catalog,
      bundler,
      config,
      identifiers,
      description: 'REQUEST authorizer: Cognito ID token or ipk_ API key',
    })
      // Reads API-key lookups and provisions a person's user and organization on the first call.
      .bindTable(table, 'readWrite')
      .setting('USAGE_PLAN_KEYS', JSON.stringify(usagePlanKeys));
    this.functions.push(this.authorizerFunction);
    const authorizer = new apigw.RequestAuthorizer(this, 'Authorizer', {
      authorizerName: `${config.prefix}-bearer`,
      handler: this.authorizerFunction.function,
      identitySources: [apigw.IdentitySource.header('Authorization')],
      // No result caching here: a revoked API key or a removed member must stop working on the very next
      // request, and a cached policy would let their bearer through for the TTL. The authorizer function
      // keeps a short in-memory cache of verified ID tokens, but re-reads the member's user item on every
      // hit (functions/authorizer/verify-bearer.ts), and API keys are looked up on every call.
      resultsCacheTtl: Duration.seconds(0),
    });

    // --- The key that signs page cursors (functions/adapters/dynamodb/cursor.ts) ------------------------
    // Generated once per stage. It reaches the functions as an environment variable through a CloudFormation
    // dynamic reference, so the template never holds it; Lambda encrypts its environment at rest.
    const cursorKey = new secretsmanager.Secret(this, 'CursorSigningKey', {
      secretName: `${config.prefix}/cursor-signing-key`,
      description: 'HMAC key of the API list cursors',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(cursorKey, {
      'AwsSolutions-SMG4':
        'A cursor key needs no rotation schedule: it signs page cursors that live for one listing; replacing it only makes clients start again from the first page.',
    });

    // --- One function per /api resource, one API resource per path -------------------------------------
    const methods: apigw.Method[] = [];
    const shape: unknown[] = [];
    for (const resource of API_RESOURCES) {
      const access = API_ACCESS[resource.handler] ?? DEFAULT_API_ACCESS;
      const fn = new AppFunction(this, `Api-${resource.handler}`, {
        entry: apiEntry(resource.handler),
        name: `api-${resource.handler}`,
        catalog,
        bundler,
        config,
        identifiers,
        description: `/api resource: ${resource.paths.join(', ')}`,
        memorySize: access.memorySize,
        timeout: access.timeout ?? Duration.seconds(15),
        nativePackages: access.native?.packages,
        architecture: access.native?.architecture,
      });
      if (access.table !== 'none')
        fn.bindTable(table, access.table).setting('CURSOR_SIGNING_KEY', cursorKey.secretValue.unsafeUnwrap());
      if (access.objects) fn.bindBucket(bucket, UPLOADS_PREFIX, access.objects);
      if (access.certificateObjects) fn.bindBucket(bucket, CERTIFICATES_PREFIX, access.certificateObjects);
      if (access.queues?.includes('webhook')) fn.bindQueue(props.webhookQueue, 'WEBHOOK_QUEUE_URL');
      if (access.queues?.includes('sync')) fn.bindQueue(props.syncQueue, 'SYNC_QUEUE_URL');
      if (access.sendsEmail) fn.bindMailSending(`no-reply@${config.inboxDomain}`);
      if (access.secrets) fn.bindSecretsKey(props.secretsKey, access.secrets);
      if (access.quickBooksApp) fn.bindQuickBooksApp(names.quickBooksAppSecret);
      this.resourceFunctions.set(resource.handler, fn);
      this.functions.push(fn);

      // Permissions per method ARN; the console's test-invoke permission is not needed.
      const integration = new apigw.LambdaIntegration(fn.function, { allowTestInvoke: false });
      for (const path of resource.paths) {
        const options: apigw.MethodOptions = resource.public
          ? { authorizationType: apigw.AuthorizationType.NONE }
          : { authorizationType: apigw.AuthorizationType.CUSTOM, authorizer, apiKeyRequired: true };
        const method = this.api.root.resourceForPath(path).addMethod('ANY', integration, options);
        if (resource.public) {
          acknowledge(method, {
            'AwsSolutions-APIG4': `${path} is public by design (${
              resource.handler === 'session'
                ? 'sign-in and sign-out redirects run before a user has a token'
                : 'the OpenAPI document describes the API to clients that have no key yet'
            }); its handler reads no tenant data and has no table access.`,
            'AwsSolutions-COG4': `${path} is public by design: no authorizer of any kind applies.`,
          });
        } else {
          acknowledge(method, {
            'AwsSolutions-COG4':
              'Guarded by the REQUEST Lambda authorizer, which verifies Cognito ID tokens (issuer, audience, expiry, via aws-jwt-verify) and also accepts ipk_ API keys, which a Cognito user pool authorizer cannot.',
          });
        }
        methods.push(method);
        shape.push({ path, handler: resource.handler, public: Boolean(resource.public) });
      }
    }

    // --- Gateway responses: JSON in the API's error shape -------------------------------------------
    const responses = GATEWAY_RESPONSES.map(
      (r) =>
        new apigw.GatewayResponse(this, `Response-${r.type.responseType}`, {
          restApi: this.api,
          type: r.type,
          statusCode: r.statusCode,
          templates: errorTemplate(r.message, r.code),
          responseHeaders: {
            'Content-Type': "'application/json'",
            'Cache-Control': "'no-store'",
            ...(r.retryAfterSeconds ? { 'Retry-After': `'${r.retryAfterSeconds}'` } : {}),
          },
        }),
    );

    // --- Deployment and stage --------------------------------------------------------------------------
    // The API is imported here, so CDK cannot see method changes itself: the deployment's logical id is
    // hashed from the routes and responses, and a change to them creates a new deployment.
    const deployment = new apigw.Deployment(this, 'Deployment', {
      api: this.api,
      description: `${config.prefix} /api`,
    });
    deployment.addToLogicalId({
      shape,
      responses: GATEWAY_RESPONSES.map((r) => [r.type.responseType, r.code, r.retryAfterSeconds ?? null]),
    });
    // On the CloudFormation resources only: a method's Lambda permission names the stage, which itself
    // depends on this deployment.
    for (const construct of [...methods, ...responses]) {
      if (construct.node.defaultChild) deployment.node.addDependency(construct.node.defaultChild);
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${config.prefix}-api-access`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new apigw.Stage(this, 'Stage', {
      deployment,
      stageName: API_STAGE_NAME,
      tracingEnabled: true,
      // Stage-wide ceiling, also for requests that reach execute-api directly instead of via CloudFront.
      throttlingRateLimit: 200,
      throttlingBurstLimit: 400,
      accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
      accessLogFormat: apigw.AccessLogFormat.custom(
        JSON.stringify({
          requestId: '$context.requestId',
          ip: '$context.identity.sourceIp',
          method: '$context.httpMethod',
          path: '$context.path',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          orgId: '$context.authorizer.orgId',
          principal: '$context.authorizer.principalId',
          authorizerError: '$context.authorizer.error',
          error: '$context.error.message',
          xrayTraceId: '$context.xrayTraceId',
        }),
      ),
    });
    this.api.deploymentStage = this.stage;
    acknowledge(this.stage, {
      'AwsSolutions-APIG3':
        'The AWS WAF WebACL (rate limit + AWS common rules) is attached to the CloudFront distribution, the documented entry point; a second, regional WebACL on the stage would double the WAF cost per stage. Direct execute-api calls still pass the authorizer and the stage and usage-plan throttles.',
      'AwsSolutions-APIG6':
        'Access logs (JSON, one line per request, with org and authorizer error) are on. Execution logging needs the account-wide API Gateway CloudWatch role, which sandboxes sharing an account would overwrite; enable it per account (docs/deploy.md) if needed.',
    });

    // --- Usage plans: one per subscription plan, one key each ------------------------------------------
    for (const plan of PLANS) {
      const limits = USAGE_PLAN_LIMITS[plan];
      const key = new apigw.ApiKey(this, `Key-${plan}`, {
        apiKeyName: `${config.prefix}-${plan.toLowerCase()}`,
        description: `Usage identifier of the ${plan} plan (chosen by the authorizer)`,
        value: usagePlanKeys[plan],
        enabled: true,
      });
      const usagePlan = new apigw.UsagePlan(this, `Plan-${plan}`, {
        name: `${config.prefix}-${plan.toLowerCase()}`,
        description: `${plan}: tier-wide backstop (per-organization quotas are counted by the app)`,
        throttle: { rateLimit: limits.rateLimit, burstLimit: limits.burstLimit },
        quota: { limit: limits.monthlyQuota, period: apigw.Period.MONTH },
        apiStages: [{ api: this.api, stage: this.stage }],
      });
      usagePlan.addApiKey(key);
    }

    new CfnOutput(this, 'ApiUrl', { value: this.stage.urlForPath('/api') });
  }
}
