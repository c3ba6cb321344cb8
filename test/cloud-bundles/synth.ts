import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildCloudApp } from '../../infra/cloud/cloud-app';
import { resolveConfig } from '../../infra/cloud/config';
import { REPO_ROOT } from '../../infra/cloud/handlers';

/** One `AWS::Lambda::Function` of the synthesized assembly, as CloudFormation would create it. */
export interface SynthesizedFunction {
  stack: string;
  logicalId: string;
  /** `FunctionName` (a literal: every function of the app is named `<stage>-invoice-pilot-<name>`). */
  name: string;
  handler: string;
  runtime: string;
  architectures: string[];
  memorySize: number;
  /** The template's `Environment.Variables`, intrinsic functions unresolved. */
  environment: Record<string, unknown>;
  /** The staged asset directory in the assembly (what CDK zips and uploads). */
  assetDir: string;
}

export interface Synthesized {
  outdir: string;
  stage: string;
  functions: SynthesizedFunction[];
  /** Every stack's template by stack name, for resolving references across them. */
  templates: Record<string, Template>;
}

export interface Template {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

interface AssetManifest {
  files?: Record<string, { source: { path: string }; destinations: Record<string, { objectKey: string }> }>;
}

/**
 * Synthesizes the app as `cdk synth` does (cdk.json's context, the app's own stacks, bundling on) into a
 * fresh directory, and lists every Lambda function with its staged code. Template validation is off as
 * in offline synths (config.ts): the unit tests check the templates, this checks what runs.
 */
export function synthesizeApp(stage = 'bundles'): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cloud-bundles-cdk-out-'));
  const site = mkdtempSync(join(tmpdir(), 'cloud-bundles-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>bundles</title>');
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object };
  const app = new App({ outdir, context: { ...cdkJson.context, stage } });
  const config = resolveConfig({ context: (key) => app.node.tryGetContext(key), env: {} });
  process.env.CDK_VALIDATION = 'false';
  buildCloudApp(app, { config, siteAssetPath: site });
  const assembly = app.synth();
  // The site was staged into the assembly; the source folder is no longer needed.
  rmSync(site, { recursive: true, force: true });

  const templates: Record<string, Template> = {};
  const functions: SynthesizedFunction[] = [];
  for (const stack of assembly.stacks) {
    const template = stack.template as Template;
    templates[stack.stackName] = template;
    const assets = JSON.parse(readFileSync(join(outdir, `${stack.id}.assets.json`), 'utf8')) as AssetManifest;
    const byObjectKey = new Map<string, string>();
    for (const file of Object.values(assets.files ?? {})) {
      for (const destination of Object.values(file.destinations)) {
        byObjectKey.set(destination.objectKey, join(outdir, file.source.path));
      }
    }
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const p = resource.Properties as {
        FunctionName?: unknown;
        Handler: string;
        Runtime: string;
        Architectures?: string[];
        MemorySize?: number;
        Environment?: { Variables?: Record<string, unknown> };
        Code: { S3Key?: string; ZipFile?: string };
      };
      const assetDir = p.Code.S3Key ? byObjectKey.get(p.Code.S3Key) : undefined;
      functions.push({
        stack: stack.stackName,
        logicalId,
        name: typeof p.FunctionName === 'string' ? p.FunctionName : logicalId,
        handler: p.Handler,
        runtime: p.Runtime,
        architectures: p.Architectures ?? ['x86_64'],
        memorySize: p.MemorySize ?? 128,
        environment: p.Environment?.Variables ?? {},
        assetDir: assetDir ?? '',
      });
    }
  }
  return { outdir, stage, functions, templates };
}
