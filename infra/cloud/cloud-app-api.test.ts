import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { API_RESOURCES } from '../../functions/api/routes';
import { PLANS } from '../../shared/constants';
import { usagePlanKeyValue } from './api-stack';
import {
  actionsOf,
  app,
  PREFIX,
  roleStatements,
  STAGE,
  type Statement,
  stacks,
  statements,
  synthesizeCloudAppBeforeAll,
  t,
} from './cloud-app.fixture';
import { REPO_ROOT, WORKERS } from './handlers';

// The API, bundling, web, observability and the template checks; the other stacks are in cloud-app.test.ts.
/** CloudFront's managed policy ids (stable across accounts). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

synthesizeCloudAppBeforeAll();

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
    expect(granted('kms:Decrypt')).toEqual([
      'api-integrations',
      'api-reports',
      'integration-sync',
      'webhook-delivery',
    ]);
    expect(granted('kms:GenerateDataKey')).toEqual(['api-integrations', 'api-vendors', 'api-webhooks']);
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
        // The PDF-reading states (and the invoices API, which cuts PDFs again) ship @napi-rs/canvas with the
        // linux-x64 binary npm installs (pipeline-stack.ts).
        const readsPdfs = /-(state-(inspect|split|split-read|extract-locally|normalize)|api-invoices)$/.test(
          f.Properties.FunctionName,
        );
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
