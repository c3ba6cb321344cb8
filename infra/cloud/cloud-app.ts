import { join } from 'node:path';
import { type App, Aws, type Environment, Tags } from 'aws-cdk-lib';
import { ApiGatewayStack, ApiStack } from './api-stack';
import type { RuntimeIdentifiers } from './app-function';
import { AuthStack } from './auth-stack';
import { LambdaBundler } from './bundling';
import { type AppConfig, physicalNames } from './config';
import { DataStack } from './data-stack';
import { functionModules, HandlerCatalog, REPO_ROOT } from './handlers';
import { ObservabilityStack } from './observability-stack';
import { PipelineStack } from './pipeline-stack';
import { WebFirewallStack, WebStack } from './web-stack';

export interface CloudAppOptions {
  config: AppConfig;
  /** Where handler modules are looked up. @default the repository root */
  root?: string;
  /** The built SPA. @default web/dist */
  siteAssetPath?: string;
}

export interface CloudStacks {
  auth: AuthStack;
  gateway: ApiGatewayStack;
  firewall: WebFirewallStack;
  web: WebStack;
  data: DataStack;
  pipeline: PipelineStack;
  api: ApiStack;
  observability: ObservabilityStack;
  catalog: HandlerCatalog;
  bundler: LambdaBundler;
}

/**
 * Builds every stack of one stage, named `<stage>-invoice-pilot-<concern>`. Order (each needs the one
 * before): auth, gateway (bare REST API) and the us-east-1 firewall → web (CloudFront) → data (its CORS
 * needs the site's origin) → pipeline → api → observability.
 */
export function buildCloudApp(app: App, options: CloudAppOptions): CloudStacks {
  const { config } = options;
  const catalog = new HandlerCatalog(options.root ?? REPO_ROOT, config.allowMissingHandlers);
  // Every function's entry, known before any stack exists: the first function whose code CDK stages
  // triggers one esbuild run for all of them (none at all when bundling is skipped).
  const bundler = new LambdaBundler(REPO_ROOT).declare(
    functionModules(catalog).map((module) => catalog.entry(module)),
  );
  const env: Environment = { account: config.account, region: config.region };
  const name = (concern: string) => `${config.prefix}-${concern}`;
  const common = { config, env };

  const auth = new AuthStack(app, name('auth'), { ...common, description: 'Invoice Pilot: Cognito sign-in' });
  const gateway = new ApiGatewayStack(app, name('gateway'), {
    ...common,
    description: 'Invoice Pilot: the REST API resource',
  });
  const firewall = new WebFirewallStack(app, name('firewall'), {
    config,
    env: { account: config.account, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'Invoice Pilot: CloudFront WebACL (us-east-1)',
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    crossRegionReferences: true,
    description: 'Invoice Pilot: CloudFront, SPA and security headers',
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
    restApiId: gateway.restApiId,
    webAclArn: firewall.webAclArn,
    siteAssetPath: options.siteAssetPath ?? join(REPO_ROOT, 'web', 'dist'),
  });
  const data = new DataStack(app, name('data'), {
    ...common,
    description: 'Invoice Pilot: table and upload bucket',
    siteOrigin: web.siteOrigin,
    accessLogsBucket: web.logsBucket,
  });

  const identifiers: RuntimeIdentifiers = {
    tableName: physicalNames(config).table,
    bucketName: physicalNames(config).uploadBucket(Aws.ACCOUNT_ID, Aws.REGION),
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
    publicUrl: web.siteOrigin,
    inboxDomain: config.inboxDomain,
  };
  const pipeline = new PipelineStack(app, name('pipeline'), {
    ...common,
    description: 'Invoice Pilot: processing workflow and queues',
    catalog,
    bundler,
    identifiers,
    secretsKey: data.secretsKey,
    tableStreamArn: data.table.tableStreamArn ?? '',
  });
  pipeline.addStackDependency(data, 'table and bucket are addressed by name');
  const api = new ApiStack(app, name('api'), {
    ...common,
    description: 'Invoice Pilot: /api functions, authorizer, stage and usage plans',
    catalog,
    bundler,
    identifiers,
    restApiId: gateway.restApiId,
    rootResourceId: gateway.rootResourceId,
    syncQueue: pipeline.syncQueue,
    webhookQueue: pipeline.webhookQueue,
    secretsKey: data.secretsKey,
  });
  api.addStackDependency(data, 'table and bucket are addressed by name');

  const observability = new ObservabilityStack(app, name('observability'), {
    ...common,
    description: 'Invoice Pilot: alarms',
    deadLetterQueueNames: pipeline.deadLetterQueueNames,
    stateMachineName: pipeline.stateMachineName,
    apiName: `${config.prefix}-api`,
    functionNames: [...pipeline.functions, ...api.functions].map((f) => f.functionName),
  });
  observability.addStackDependency(pipeline, 'alarms address its queues and functions by name');
  observability.addStackDependency(api, 'alarms address its functions by name');

  Tags.of(app).add('app', 'invoice-pilot');
  Tags.of(app).add('stage', config.stage);
  catalog.assertComplete();
  return { auth, gateway, firewall, web, data, pipeline, api, observability, catalog, bundler };
}
