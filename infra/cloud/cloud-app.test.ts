import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../functions/adapters/dynamodb/table-definition';
import { API_RESOURCES } from '../../functions/api/routes';
import { PLANS } from '../../shared/constants';
import { usagePlanKeyValue } from './api-stack';
import { ESBUILD_OPTIONS } from './bundling';
import { buildCloudApp, type CloudStacks } from './cloud-app';
import { resolveConfig } from './config';
import { REPO_ROOT, WORKERS } from './handlers';

const STAGE = 'test';
const PREFIX = `${STAGE}-invoice-pilot`;
/** CloudFront's managed policy ids (stable across accounts). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let app: App;
let stacks: CloudStacks;
const t: Record<string, Template> = {};

beforeAll(() => {
  const siteAssetPath = mkdtempSync(join(tmpdir(), 'site-'));
  writeFileSync(join(siteAssetPath, 'index.html'), '<!doctype html><title>test</title>');
  // Not us-east-1, so the WebACL's cross-region reference is exercised; bundling is skipped in tests.
  const context = {
    // The same feature flags and defaults as `cdk synth` (cdk.json), then the test's own settings.
    ...(JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object }).context,
    'aws:cdk:bundling-stacks': [],
    stage: STAGE,
    region: 'eu-west-1',
    account: '123456789012',
    // Strict: every handler module must exist, or beforeAll fails listing the missing ones.
    allowMissingHandlers: false,
  };
  app = new App({ context });
  const config = resolveConfig({ context: (k) => app.node.tryGetContext(k), env: {} });
  stacks = buildCloudApp(app, { config, siteAssetPath });
  for (const [name, stack] of Object.entries(stacks)) {
    if (name !== 'catalog' && name !== 'bundler') t[name] = Template.fromStack(stack as never);
  }
});

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** Every IAM policy statement of a template, flattened. */
function statements(template: Template): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p) =>
      (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
}

/** The statements of the policy attached to one AppFunction's role. */
function roleStatements(
  template: Template,
  stack: { resolve(x: unknown): unknown },
  roleRef: unknown,
): Statement[] {
  const ref = stack.resolve(roleRef);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter(
      (p) =>
        JSON.stringify((p as { Properties: { Roles: unknown } }).Properties.Roles) === JSON.stringify([ref]),
    )
    .flatMap(
      (p) =>
        (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
          .Statement,
    );
}
const actionsOf = (s: Statement[]) => s.flatMap((x) => [x.Action].flat());

describe('stacks and names', () => {
  it('prefixes every stack with the stage and puts the WebACL in us-east-1', () => {
    const names = Object.entries(stacks)
      .filter(([k]) => k !== 'catalog' && k !== 'bundler')
      .map(([, s]) => (s as { stackName: string }).stackName);
    for (const name of names) expect(name.startsWith(`${PREFIX}-`)).toBe(true);
    expect(stacks.firewall.region).toBe('us-east-1');
    expect(stacks.web.region).toBe('eu-west-1');
  });
});

describe('auth', () => {
  it('signs in by e-mail with a strong password policy, optional TOTP MFA and threat protection', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });

  it('gives the SPA a public client allowing SRP and password sign-in', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
    const [client] = Object.values(t.auth.findResources('AWS::Cognito::UserPoolClient')) as {
      Properties: { ExplicitAuthFlows: string[] };
    }[];
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH']),
    );
  });
});

describe('data', () => {
  it('builds the table from the shared definition: on-demand, PITR, encrypted, TTL', () => {
    t.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: PREFIX,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((i) =>
        Match.objectLike({
          IndexName: i.indexName,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: false,
        }),
      ],
    });
  });

  it('keeps the upload bucket private, encrypted, logged, with CORS for the site and EventBridge on', () => {
    t.data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/uploads/' }),
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: [Match.anyValue()] })],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it("sends the upload bucket's events to EventBridge", () => {
    t.data.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: { EventBridgeConfiguration: {} },
    });
  });

  it('denies every non-TLS request to the upload bucket', () => {
    t.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('e-mail in', () => {
  it('stores mail to the inbox domain under inbound/, then invokes the ingestion function', () => {
    const ingest = stacks.pipeline.workerFunctions.get('email-ingest');
    expect(ingest).toBeDefined();
    t.pipeline.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: Match.objectLike({
        Enabled: true,
        Recipients: [`${STAGE}.inbox.invoicepilot.app`],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          { S3Action: Match.objectLike({ ObjectKeyPrefix: 'inbound/' }) },
          {
            LambdaAction: {
              FunctionArn: stacks.pipeline.resolve(ingest?.function.functionArn),
              InvocationType: 'Event',
            },
          },
        ],
      }),
    });
    t.pipeline.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'ses.amazonaws.com',
    });
  });

  it('gives the ingestion function the inbox domain and the inbound bucket, reading inbound/ only', () => {
    const ingest = stacks.pipeline.workerFunctions.get('email-ingest');
    t.pipeline.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: ingest?.functionName,
      Environment: {
        Variables: Match.objectLike({
          INBOX_DOMAIN: `${STAGE}.inbox.invoicepilot.app`,
          INBOUND_MAIL_BUCKET: stacks.pipeline.resolve(stacks.pipeline.inboundMail.bucketName),
          WEBHOOK_QUEUE_URL: Match.anyValue(),
        }),
      },
    });
    const policies = Object.values(t.pipeline.findResources('AWS::IAM::Policy')) as {
      Properties: {
        Roles: unknown[];
        PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] };
      };
    }[];
    const role = stacks.pipeline.resolve(ingest?.role.roleName);
    const statements = policies
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(JSON.stringify(role)))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const onInbound = statements.filter((st) =>
      JSON.stringify(st.Resource).includes(
        JSON.stringify(stacks.pipeline.resolve(stacks.pipeline.inboundMail.bucketArn)),
      ),
    );
    expect(JSON.stringify(onInbound)).toContain('/inbound/*');
    expect(JSON.stringify(onInbound)).not.toMatch(/s3:PutObject|s3:DeleteObject/);
  });
});

describe('pipeline', () => {
  it('gives both queues a dead-letter queue after 5 receives, SSE and a TLS-only policy', () => {
    for (const name of ['integration-sync', 'webhook-delivery']) {
      t.pipeline.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `${PREFIX}-${name}`,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: Match.anyValue() },
      });
      t.pipeline.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `${PREFIX}-${name}-dlq`,
        SqsManagedSseEnabled: true,
      });
    }
    const policies = t.pipeline.findResources('AWS::SQS::QueuePolicy');
    // sync + webhook + their DLQs + the workflow-start DLQ
    expect(Object.keys(policies)).toHaveLength(5);
    for (const p of Object.values(policies)) {
      expect(JSON.stringify(p)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('consumes each queue with its worker, reporting partial batch failures', () => {
    const mappings = t.pipeline.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FunctionResponseTypes: ['ReportBatchItemFailures'] },
    });
    // One per queue worker, and the outbox relay's mapping on the table's stream.
    expect(Object.keys(mappings)).toHaveLength(WORKERS.length + 1);
  });

  it('relays the outbox from the table stream (new OUTBOX items only) with item-level table rights, the two queues and the workflow', () => {
    t.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'KEYS_ONLY' },
    });
    t.pipeline.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: ['OUTBOX'] } } } }),
          },
        ],
      },
    });
    const relay = stacks.pipeline.workerFunctions.get('outbox-relay');
    if (!relay) throw new Error('no outbox-relay function');
    const roleId = stacks.pipeline.resolve((relay.role.node.defaultChild as CfnElement).logicalId);
    const policy = JSON.stringify(
      Object.values(t.pipeline.findResources('AWS::IAM::Policy')).filter((p) =>
        JSON.stringify(p).includes(roleId),
      ),
    );
    for (const action of [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:DeleteItem',
      'sqs:SendMessage',
      'states:StartExecution',
    ])
      expect(policy).toContain(action);
    for (const action of ['dynamodb:Scan', 'dynamodb:BatchWriteItem', 'kms:Decrypt', 's3:GetObject'])
      expect(policy).not.toContain(action);
  });

  it('sweeps abandoned uploads every 15 minutes with a function that may read uploads and nothing else in the bucket', () => {
    const sweeper = stacks.pipeline.workerFunctions.get('abandoned-uploads');
    expect(sweeper).toBeDefined();
    const functionId = stacks.pipeline.getLogicalId(
      sweeper?.function.node.defaultChild as unknown as CfnElement,
    );
    t.pipeline.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } })],
    });
    const role = stacks.pipeline.getLogicalId(sweeper?.role.node.defaultChild as unknown as CfnElement);
    const policies = Object.values(t.pipeline.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes(`"${role}"`),
    );
    const bucketActions = policies
      .flatMap(
        (p) =>
          (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
            .Statement,
      )
      .flatMap((st) => [st.Action].flat())
      .filter((a) => a.startsWith('s3:'));
    expect(bucketActions).toEqual(['s3:GetObject']);
  });

  it('loads the state machine from the ASL file with every state and substitution', () => {
    const [machine] = Object.values(t.pipeline.findResources('AWS::StepFunctions::StateMachine')) as {
      Properties: Record<string, unknown>;
    }[];
    // DefinitionBody.fromFile stages the ASL file as an asset; read the staged copy CloudFormation deploys.
    expect(machine.Properties.DefinitionS3Location).toBeDefined();
    const asset = stacks.pipeline.stateMachine.node.findChild('DefinitionBody') as unknown as {
      assetPath: string;
    };
    const definition = readFileSync(join(app.outdir, asset.assetPath), 'utf8');
    for (const state of stacks.pipeline.workflow.stateNames) expect(definition).toContain(`"${state}"`);
    expect(definition).toContain(':states:::aws-sdk:textract:analyzeExpense');
    const substitutions = Object.keys(machine.Properties.DefinitionSubstitutions as object).sort();
    expect(substitutions).toEqual(stacks.pipeline.workflow.tasks.map((x) => x.placeholder).sort());
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    expect(machine.Properties.LoggingConfiguration).toMatchObject({
      Level: 'ALL',
      IncludeExecutionData: false,
    });
  });

  it('lets the workflow role invoke only its state functions, call Textract and read uploads/', () => {
    const role = roleStatements(t.pipeline, stacks.pipeline, stacks.pipeline.stateMachine.role.roleName);
    const invoke = role.find((s) => s.Action === 'lambda:InvokeFunction');
    expect((invoke?.Resource as unknown[] | undefined)?.length).toBe(stacks.pipeline.workflow.tasks.length);
    const textract = role.find((s) => JSON.stringify(s.Action).includes('textract:'));
    expect(textract?.Action).toEqual(
      expect.arrayContaining([
        'textract:AnalyzeExpense',
        'textract:StartExpenseAnalysis',
        'textract:GetExpenseAnalysis',
      ]),
    );
    expect(textract?.Resource).toBe('*');
    const read = role.find((s) => s.Action === 's3:GetObject');
    expect(JSON.stringify(read?.Resource)).toContain('/uploads/*');
    expect(actionsOf(role)).not.toContain('s3:*');
  });

  it('reads text-layer PDFs with the local engine in its own Lambda, which may read uploads/, write textract-output/ and call no Textract', () => {
    const fn = stacks.pipeline.stateFunctions.get('extract-locally');
    expect(fn?.entry).toBe(join(REPO_ROOT, 'functions/workflow/states/extract-locally.ts'));
    const resource = t.pipeline.findResources('AWS::Lambda::Function', {
      Properties: { FunctionName: `${PREFIX}-state-extract-locally` },
    });
    expect(
      Object.values(resource).map((r) => (r as { Properties: { MemorySize: number } }).Properties.MemorySize),
    ).toEqual([1536]);
    const role = roleStatements(t.pipeline, stacks.pipeline, fn?.role.roleName);
    const s3 = role.filter((st) => actionsOf([st]).some((a) => a.startsWith('s3:')));
    expect(s3.map((st) => [actionsOf([st]), JSON.stringify(st.Resource)])).toEqual([
      [['s3:GetObject'], expect.stringContaining('/uploads/*')],
      [['s3:PutObject'], expect.stringContaining('/textract-output/*')],
    ]);
    expect(actionsOf(role).some((a) => a.startsWith('textract:'))).toBe(false);
  });

  it('routes a text-layer PDF to ExtractLocally and calls Textract only for scans or an unsure local reading', () => {
    type State = {
      Type: string;
      Resource?: string;
      Next?: string;
      Default?: string;
      Choices?: { Next: string; Variable?: string; StringEquals?: string; BooleanEquals?: boolean }[];
      Catch?: { Next: string }[];
    };
    const { States } = JSON.parse(readFileSync(stacks.pipeline.workflow.file, 'utf8')) as {
      States: Record<string, State>;
    };
    const textract = (name: string) => String(States[name].Resource).includes(':textract:');
    /** States reachable from `from`, a Choice taking only the branches `take` allows. */
    const reachable = (from: string, take: (choice: string, next: string, rule?: object) => boolean) => {
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        const state = States[name];
        const nexts = [
          ...(state.Next ? [state.Next] : []),
          ...(state.Catch ?? []).map((c) => c.Next),
          ...(state.Choices ?? []).filter((c) => take(name, c.Next, c)).map((c) => c.Next),
          ...(state.Default && take(name, state.Default) ? [state.Default] : []),
        ];
        for (const next of nexts) visit(next);
      };
      visit(from);
      return [...seen];
    };
    const route = States.RouteExtraction.Choices ?? [];
    const textPdf = route.find((c) => c.Variable === '$.ctx.kind' && c.StringEquals === 'text-pdf');
    expect(textPdf?.Next).toBe('ExtractLocally');
    // Earlier branches of the route (a file to reject) come before the kind; none of them is Textract.
    expect(route.slice(0, route.indexOf(textPdf!)).some((c) => textract(c.Next))).toBe(false);
    const task = stacks.pipeline.workflow.tasks.find(
      (x) => States.ExtractLocally.Resource === `\${${x.placeholder}}`,
    );
    expect(task?.name).toBe('extract-locally');
    expect(States.ExtractLocally.Next).toBe('IsLocalReadingSure');
    // A sure local reading goes on without any Textract state on its way.
    const sure = reachable('ExtractLocally', (choice, _next, rule) =>
      choice === 'IsLocalReadingSure' ? (rule as { BooleanEquals?: boolean })?.BooleanEquals === true : true,
    );
    expect(sure).toContain('Decide');
    expect(sure.filter(textract)).toEqual([]);
    // An unsure one, and a scan, reach Textract (one page sync, several async).
    const unsure = reachable('IsLocalReadingSure', (choice, _next, rule) =>
      choice === 'IsLocalReadingSure' ? (rule as { BooleanEquals?: boolean })?.BooleanEquals !== true : true,
    );
    expect(unsure.filter(textract).sort()).toEqual(['ExtractSync', 'GetExtraction', 'StartExtraction']);
    const scan = reachable(
      'RouteExtraction',
      (choice, next) => choice !== 'RouteExtraction' || next !== 'ExtractLocally',
    );
    expect(scan.filter(textract).sort()).toEqual(['ExtractSync', 'GetExtraction', 'StartExtraction']);
  });

  it("bundles the local engine's Lambda with pdfjs and without any OCR engine or model", () => {
    const { metafile } = buildSync({
      ...ESBUILD_OPTIONS,
      absWorkingDir: REPO_ROOT,
      entryPoints: ['functions/workflow/states/extract-locally.ts'],
      outdir: mkdtempSync(join(tmpdir(), 'extract-locally-')),
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((i) => i.includes('pdfjs-dist'))).toBe(true);
    // functions/extraction/ocr/ holds every OCR module (paddle-*, ocr-engines, image-prep).
    for (const heavy of ['onnxruntime', 'ocr-models', 'tesseract', 'sharp', 'functions/extraction/ocr/'])
      expect(inputs.filter((i) => i.includes(heavy))).toEqual([]);
  });

  it('starts the workflow for objects created under uploads/ with {bucket, objectKey}', () => {
    t.pipeline.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.s3'],
        'detail-type': ['Object Created'],
        detail: { object: { key: [{ prefix: 'uploads/' }] }, bucket: { name: Match.anyValue() } },
      },
      Targets: [
        Match.objectLike({
          InputTransformer: {
            InputPathsMap: {
              'detail-bucket-name': '$.detail.bucket.name',
              'detail-object-key': '$.detail.object.key',
            },
            InputTemplate: '{"bucket":<detail-bucket-name>,"objectKey":<detail-object-key>}',
          },
          DeadLetterConfig: Match.anyValue(),
        }),
      ],
    });
  });
});

describe('api', () => {
  it('keys the REST API by the authorizer, as a regional endpoint', () => {
    t.gateway.hasResourceProperties('AWS::ApiGateway::RestApi', {
      ApiKeySourceType: 'AUTHORIZER',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
  });

  it('has a REQUEST authorizer on the Authorization header with caching off', () => {
    t.api.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('builds a function and an ANY method per path of every API resource (nothing forgotten)', () => {
    const functions = t.api.findResources('AWS::Lambda::Function');
    const names = Object.values(functions).map(
      (f) => (f as { Properties: { FunctionName: string } }).Properties.FunctionName,
    );
    const resources = Object.values(t.api.findResources('AWS::ApiGateway::Resource')).map(
      (r) => (r as { Properties: { PathPart: string } }).Properties.PathPart,
    );
    const methods = Object.values(t.api.findResources('AWS::ApiGateway::Method')) as {
      Properties: {
        HttpMethod: string;
        AuthorizationType: string;
        AuthorizerId?: unknown;
        ApiKeyRequired?: boolean;
      };
    }[];
    let paths = 0;
    for (const resource of API_RESOURCES) {
      expect(names).toContain(`${PREFIX}-api-${resource.handler}`);
      for (const path of resource.paths) {
        paths++;
        expect(resources).toContain(path.split('/').at(-1));
      }
    }
    expect(methods).toHaveLength(paths);
    expect(methods.every((m) => m.Properties.HttpMethod === 'ANY')).toBe(true);
  });

  it('puts the authorizer on every method except the public resources', () => {
    const publicPaths = API_RESOURCES.filter((r) => r.public).flatMap((r) => r.paths).length;
    const methods = Object.values(t.api.findResources('AWS::ApiGateway::Method')) as {
      Properties: { AuthorizationType: string; AuthorizerId?: unknown; ApiKeyRequired?: boolean };
    }[];
    const open = methods.filter((m) => m.Properties.AuthorizationType === 'NONE');
    const guarded = methods.filter((m) => m.Properties.AuthorizationType === 'CUSTOM');
    expect(open).toHaveLength(publicPaths);
    expect(guarded).toHaveLength(methods.length - publicPaths);
    for (const m of guarded) {
      expect(m.Properties.AuthorizerId).toBeDefined();
      expect(m.Properties.ApiKeyRequired).toBe(true);
    }
  });

  it('answers 401 and 403 from the gateway in the API error shape', () => {
    for (const [type, status] of [
      ['UNAUTHORIZED', '401'],
      ['ACCESS_DENIED', '403'],
    ]) {
      t.api.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
        StatusCode: status,
        ResponseTemplates: { 'application/json': '{"message":"Unauthorized","code":"unauthorized"}' },
      });
    }
  });

  it('answers the gateway’s own 429s with Retry-After, as the API’s', () => {
    for (const type of ['THROTTLED', 'QUOTA_EXCEEDED']) {
      t.api.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
        StatusCode: '429',
        ResponseParameters: Match.objectLike({
          'gatewayresponse.header.Retry-After': Match.stringLikeRegexp("^'[1-9][0-9]*'$"),
        }),
      });
    }
  });

  it('logs access and traces on the stage', () => {
    t.api.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'v1',
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('orgId') },
    });
  });

  it('has a usage plan with throttle and monthly quota per subscription plan, keyed for the authorizer', () => {
    for (const plan of PLANS) {
      t.api.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        UsagePlanName: `${PREFIX}-${plan.toLowerCase()}`,
        Throttle: { RateLimit: Match.anyValue(), BurstLimit: Match.anyValue() },
        Quota: { Limit: Match.anyValue(), Period: 'MONTH' },
      });
      t.api.hasResourceProperties('AWS::ApiGateway::ApiKey', {
        Value: usagePlanKeyValue(STAGE, plan),
        Enabled: true,
      });
    }
    t.api.resourceCountIs('AWS::ApiGateway::UsagePlanKey', PLANS.length);
    const env = t.api.findResources('AWS::Lambda::Function', {
      Properties: { FunctionName: `${PREFIX}-authorizer` },
    });
    const variables = (
      Object.values(env)[0] as { Properties: { Environment: { Variables: Record<string, string> } } }
    ).Properties.Environment.Variables;
    expect(JSON.parse(variables.USAGE_PLAN_KEYS)).toEqual(
      Object.fromEntries(PLANS.map((p) => [p, usagePlanKeyValue(STAGE, p)])),
    );
  });

  it('keeps stored secrets under a rotating customer-managed key: only senders decrypt, only storers seal', () => {
    t.data.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    t.data.hasResourceProperties('AWS::KMS::Alias', { AliasName: `alias/${PREFIX}-secrets` });
    const everyFunction = [
      ...[...stacks.api.resourceFunctions].map(([name, fn]) => ({
        name: `api-${name}`,
        fn,
        t: t.api,
        stack: stacks.api,
      })),
      { name: 'authorizer', fn: stacks.api.authorizerFunction, t: t.api, stack: stacks.api },
      ...[...stacks.pipeline.workerFunctions, ...stacks.pipeline.stateFunctions].map(([name, fn]) => ({
        name,
        fn,
        t: t.pipeline,
        stack: stacks.pipeline,
      })),
    ];
    const granted = (action: string) =>
      everyFunction
        .filter((f) => actionsOf(roleStatements(f.t, f.stack, f.fn.role.roleName)).includes(action))
        .map((f) => f.name)
        .sort();
    expect(granted('kms:Decrypt')).toEqual(['api-integrations', 'integration-sync', 'webhook-delivery']);
    expect(granted('kms:GenerateDataKey')).toEqual(['api-integrations', 'api-webhooks']);
    expect(
      everyFunction
        .flatMap((f) => actionsOf(roleStatements(f.t, f.stack, f.fn.role.roleName)))
        .filter((a) => a.startsWith('kms:') && a !== 'kms:Decrypt' && a !== 'kms:GenerateDataKey'),
    ).toEqual([]);
    // Each grant is on the secrets key only and requires the organization id as encryption context.
    const webhooksApi = stacks.api.resourceFunctions.get('webhooks')!;
    const grant = roleStatements(t.api, stacks.api, webhooksApi.role.roleName).find((s) =>
      actionsOf([s]).includes('kms:GenerateDataKey'),
    ) as Statement & { Condition: unknown };
    expect(grant.Condition).toEqual({
      'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] },
      Null: { 'kms:EncryptionContext:organizationId': 'false' },
    });
    expect(JSON.stringify(grant.Resource)).toMatch(/SecretsKey/);
    t.pipeline.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: `${PREFIX}-worker-integration-sync`,
      Environment: { Variables: Match.objectLike({ SECRETS_KMS_KEY_ID: Match.anyValue() }) },
    });
  });

  it('gives the Intuit OAuth app only to the functions that connect and refresh QuickBooks, by reference', () => {
    t.data.hasResourceProperties('AWS::SecretsManager::Secret', { Name: `${PREFIX}/quickbooks-oauth-app` });
    const holders = [t.api, t.pipeline].flatMap((template) =>
      Object.values(template.findResources('AWS::Lambda::Function'))
        .filter((f) => f.Properties.Environment?.Variables?.QUICKBOOKS_CLIENT_SECRET !== undefined)
        .map((f) => f.Properties),
    );
    expect(holders.map((f) => f.FunctionName).sort()).toEqual([
      `${PREFIX}-api-integrations`,
      `${PREFIX}-worker-integration-sync`,
    ]);
    for (const f of holders) {
      // A CloudFormation dynamic reference resolved at deploy: the template never holds the value.
      for (const name of ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET'])
        expect(JSON.stringify(f.Environment.Variables[name])).toMatch(
          new RegExp(
            `^"\\{\\{resolve:secretsmanager:${PREFIX}/quickbooks-oauth-app:SecretString:client(Id|Secret)::\\}\\}"$`,
          ),
        );
    }
  });

  it('grants each function only what its resource needs', () => {
    const invoices = stacks.api.resourceFunctions.get('invoices')!;
    const inv = roleStatements(t.api, stacks.api, invoices.role.roleName);
    expect(actionsOf(inv)).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 'sqs:SendMessage']),
    );
    // Reprocessing starts its run through the outbox: no API function starts executions.
    for (const fn of stacks.api.resourceFunctions.values())
      expect(actionsOf(roleStatements(t.api, stacks.api, fn.role.roleName))).not.toContain(
        'states:StartExecution',
      );
    const s3 = inv.find((s) => JSON.stringify(s.Action).includes('s3:PutObject'));
    expect(JSON.stringify(s3?.Resource)).toMatch(/:s3:::ip-test-uploads-.*\/uploads\/\*/);
    const dynamo = inv.find((s) => JSON.stringify(s.Action).includes('dynamodb:PutItem'));
    expect(JSON.stringify(dynamo?.Resource)).toContain(`:table/${PREFIX}`);

    const stats = roleStatements(t.api, stacks.api, stacks.api.resourceFunctions.get('stats')!.role.roleName);
    expect(actionsOf(stats)).toContain('dynamodb:Query');
    expect(actionsOf(stats)).not.toContain('dynamodb:PutItem');
    for (const handler of ['stats', 'categories', 'session', 'openapi']) {
      const granted = actionsOf(
        roleStatements(t.api, stacks.api, stacks.api.resourceFunctions.get(handler)!.role.roleName),
      );
      expect(
        granted.filter((a) => a.startsWith('s3:') || a.startsWith('sqs:') || a.startsWith('states:')),
      ).toEqual([]);
    }
    const session = roleStatements(
      t.api,
      stacks.api,
      stacks.api.resourceFunctions.get('session')!.role.roleName,
    );
    expect(actionsOf(session).some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(statements(t.api).some((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')))).toBe(
      false,
    );
  });

  it('runs every function on Node 22 / ARM64 (x86_64 where pdfjs needs its canvas binary) with tracing and the runtime identifiers', () => {
    for (const template of [t.api, t.pipeline]) {
      const fns = Object.values(template.findResources('AWS::Lambda::Function')) as {
        Properties: {
          FunctionName: string;
          Runtime: string;
          Architectures: string[];
          TracingConfig: unknown;
          Environment: { Variables: object };
        };
      }[];
      const own = fns.filter((f) => f.Properties.Runtime === 'nodejs22.x');
      expect(own.length).toBeGreaterThan(0);
      for (const f of own) {
        // The PDF-reading states ship @napi-rs/canvas with the linux-x64 binary npm installs (pipeline-stack.ts).
        const readsPdfs = /-state-(inspect|extract-locally|normalize)$/.test(f.Properties.FunctionName);
        expect(f.Properties.Architectures).toEqual([readsPdfs ? 'x86_64' : 'arm64']);
        expect(f.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(Object.keys(f.Properties.Environment.Variables)).toEqual(
          expect.arrayContaining([
            'TABLE_NAME',
            'BUCKET_NAME',
            'USER_POOL_ID',
            'USER_POOL_CLIENT_ID',
            'PUBLIC_URL',
            'STAGE',
          ]),
        );
      }
    }
  });
});

describe('nothing forgotten', () => {
  it('has a function for every workflow state placeholder, state module and worker', () => {
    const states = readdirSync(join(REPO_ROOT, 'functions/workflow/states'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    for (const state of states) expect(stacks.pipeline.stateFunctions.has(state)).toBe(true);
    for (const task of stacks.pipeline.workflow.tasks)
      expect(stacks.pipeline.stateFunctions.has(task.name)).toBe(true);
    const workerDirs = readdirSync(join(REPO_ROOT, 'functions/workers'), { withFileTypes: true })
      .filter(
        (d) => d.isDirectory() && existsSync(join(REPO_ROOT, 'functions/workers', d.name, 'handler.ts')),
      )
      .map((d) => d.name);
    for (const worker of [...WORKERS.map((w) => w.name), ...workerDirs]) {
      expect(stacks.pipeline.workerFunctions.has(worker)).toBe(true);
    }
  });
});

describe('bundling', () => {
  it('declares every function entry before the stacks are built, so one esbuild run bundles them all', () => {
    const functions = [...stacks.pipeline.functions, ...stacks.api.functions];
    const entries = functions.map((f) => f.entry);
    expect(new Set(entries).size).toBe(functions.length);
    expect([...entries].sort()).toEqual(stacks.bundler.requested);
    expect(stacks.bundler.requested).toEqual(stacks.bundler.declared);
    // This test app skips bundling (`aws:cdk:bundling-stacks: []`): no esbuild run at all.
    expect(stacks.bundler.buildCount).toBe(0);
  });

  it('serves each function from its own bundle: index.handler of an S3 asset, no inline code', () => {
    const fns = Object.values(t.api.findResources('AWS::Lambda::Function')) as {
      Properties: { Handler: string; Runtime: string; Code: { S3Key?: string; ZipFile?: string } };
    }[];
    const own = fns.filter((f) => f.Properties.Runtime === 'nodejs22.x');
    expect(own).toHaveLength(stacks.api.functions.length);
    for (const f of own) {
      expect(f.Properties.Handler).toBe('index.handler');
      expect(f.Properties.Code.ZipFile).toBeUndefined();
    }
    const keys = own.map((f) => JSON.stringify(f.Properties.Code.S3Key));
    expect(new Set(keys).size).toBe(own.length);
  });
});

describe('web', () => {
  it('serves the SPA from S3 through OAC and /api/* from API Gateway without caching', () => {
    t.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: Match.anyValue(),
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
          Match.objectLike({
            OriginPath: '/v1',
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
          }),
        ],
      }),
    });
    t.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const [distribution] = Object.values(t.web.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { CacheBehaviors: { AllowedMethods: string[] }[] } };
    }[];
    expect(distribution.Properties.DistributionConfig.CacheBehaviors[0].AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
  });

  it('sends security headers with a CSP naming the Cognito endpoint', () => {
    t.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
          }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      }),
    });
    const csp = JSON.stringify(t.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
    expect(csp).toContain("frame-ancestors 'none'");
    // Previews are pdf.js canvases: no frames or plugins, the worker from the site itself.
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("worker-src 'self'");
  });

  it('writes config.json at deploy time and invalidates the distribution', () => {
    t.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      SourceMarkers: Match.arrayWith([Match.objectLike({})]),
    });
    const deployments = JSON.stringify(t.web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toContain('UserPool');
  });

  it('rate-limits per IP and applies the AWS common rules in a CLOUDFRONT WebACL', () => {
    t.firewall.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({ Statement: { RateBasedStatement: { Limit: 2000, AggregateKeyType: 'IP' } } }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              VendorName: 'AWS',
              Name: 'AWSManagedRulesCommonRuleSet',
            }),
          },
        }),
      ]),
    });
  });
});

describe('observability', () => {
  it('alarms on each DLQ, failed executions, API 5XX and every function, into one encrypted topic', () => {
    t.observability.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const alarms = Object.values(t.observability.findResources('AWS::CloudWatch::Alarm')) as {
      Properties: { MetricName: string; AlarmActions: unknown[] };
    }[];
    const count = (metric: string) => alarms.filter((a) => a.Properties.MetricName === metric).length;
    expect(count('ApproximateNumberOfMessagesVisible')).toBe(stacks.pipeline.deadLetterQueues.length);
    expect(count('ExecutionsFailed')).toBe(1);
    expect(count('5XXError')).toBe(1);
    expect(count('Errors')).toBe(stacks.pipeline.functions.length + stacks.api.functions.length);
    for (const a of alarms) expect(a.Properties.AlarmActions).toHaveLength(1);
  });
});

describe('CloudFormation template validation', () => {
  // Offline synths (`npm run synth`) skip CDK's built-in validation (config.ts): this synth is where the
  // app's templates are validated, with the rules and the fatal feature flag of cdk.json.
  it('validated every template of the app with CDK’s built-in rules, without errors', () => {
    expect(
      (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
        .context['@aws-cdk/core:validateAgainstDefaultRules'],
    ).toBe(true);
    const report = JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: { severity: string }[] }[];
    };
    const cfn = report.pluginReports.find((r) => r.pluginName === 'CloudFormation Validate');
    expect(cfn?.conclusion).toBe('success');
    expect(cfn?.violations.filter((v) => v.severity === 'error' || v.severity === 'fatal')).toEqual([]);
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged errors', () => {
    const report = new AwsSolutionsChecks(app).validateScope(app);
    const errors = report.violations.filter((v) => v.severity === 'error');
    expect(
      errors.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
  });
});
