import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildCloudApp } from './cloud-app';
import { resolveConfig } from './config';
import { REPO_ROOT } from './handlers';

/**
 * The CDK app (cdk.json: `node --import tsx/esm infra/cloud/app.ts`). Every synth runs the cdk-nag
 * AwsSolutions checks: an unacknowledged finding fails the synth, so it also gates `cdk deploy`. CDK's
 * built-in CloudFormation template validation runs when `config.templateValidation` says so (every synth
 * that resolves an account, hence every deploy; not offline synths, see config.ts).
 */
const app = new App();
const config = resolveConfig({ context: (key) => app.node.tryGetContext(key), env: process.env });
// CDK's own switch for its built-in validation, read at synth time (what `cdk synth --no-validation` sets).
if (!config.templateValidation) process.env.CDK_VALIDATION = 'false';
const webDist = app.node.tryGetContext('webDist');
buildCloudApp(app, {
  config,
  siteAssetPath: typeof webDist === 'string' ? join(REPO_ROOT, webDist) : undefined,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
