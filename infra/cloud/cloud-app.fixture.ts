// The app both cloud-app test files assert on: synthesized once per file, in its beforeAll.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll } from 'vitest';
import { buildCloudApp, type CloudStacks } from './cloud-app';
import { resolveConfig } from './config';
import { REPO_ROOT } from './handlers';

export const STAGE = 'test';
export const PREFIX = `${STAGE}-invoice-pilot`;

export let app: App;
export let stacks: CloudStacks;
export const t: Record<string, Template> = {};

/** Synthesizes the app before the calling file's tests; `app`, `stacks` and `t` hold it afterwards. */
export function synthesizeCloudAppBeforeAll(): void {
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
}

export interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** Every IAM policy statement of a template, flattened. */
export function statements(template: Template): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p) =>
      (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
}

/** The statements of the policy attached to one AppFunction's role. */
export function roleStatements(
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
export const actionsOf = (s: Statement[]) => s.flatMap((x) => [x.Action].flat());
