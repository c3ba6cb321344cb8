import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../functions/adapters/dynamodb/table-definition';
import { ESBUILD_OPTIONS } from './bundling';
import {
  actionsOf,
  app,
  PREFIX,
  roleStatements,
  STAGE,
  type Statement,
  stacks,
  synthesizeCloudAppBeforeAll,
  t,
} from './cloud-app.fixture';
import { REPO_ROOT, WORKERS } from './handlers';

// The stacks, auth, data, e-mail and pipeline; the API, web, bundling and checks are in cloud-app-api.test.ts.
synthesizeCloudAppBeforeAll();

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
