import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildCloudApp } from './cloud-app';
import { resolveConfig } from './config';
import { REPO_ROOT } from './handlers';

/**
 * The CDK app (cdk.json: `npx tsx infra/cloud/app.ts`). Every synth runs the cdk-nag AwsSolutions checks:
 * an unacknowledged finding fails the synth, so it also gates `cdk deploy`.
 */
const app = new App();
const config = resolveConfig({ context: (key) => app.node.tryGetContext(key), env: process.env });
const webDist = app.node.tryGetContext('webDist');
buildCloudApp(app, {
  config,
  siteAssetPath: typeof webDist === 'string' ? join(REPO_ROOT, webDist) : undefined,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
