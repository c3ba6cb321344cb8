import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, LambdaBundler } from './bundling';

/** A small repository: two handlers sharing a module (one also requires CommonJS, one imports the SDK), a third. */
function fixtureRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'bundling-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('lib/shared.ts', "export const greet = (name: string): string => 'hello ' + name;\n");
  write('lib/legacy.cjs', "module.exports = { origin: require('node:path').basename('/x/legacy') };\n");
  write(
    'functions/a/handler.ts',
    "import { greet } from '../../lib/shared';\nimport legacy from '../../lib/legacy.cjs';\n" +
      "export const handler = async () => ({ body: greet('a'), origin: legacy.origin });\n",
  );
  write(
    'functions/b/handler.ts',
    "import { S3Client } from '@aws-sdk/client-s3';\nimport { greet } from '../../lib/shared';\n" +
      "export const handler = async () => ({ body: greet('b'), client: typeof S3Client });\n",
  );
  write('functions/c/handler.ts', "export const handler = async () => 'c';\n");
  return root;
}

interface Synthesized {
  bundler: LambdaBundler;
  /** Function id → its staged asset directory. */
  assets: Record<string, string>;
  template: Template;
}

/** Synthesizes one stack with a function per entry, bundling on (the default outside `cdk` tests). */
function synth(root: string, declared: string[], used: string[]): Synthesized {
  // Template validation is cloud-app.test.ts's concern; here it would only add its engine's start-up.
  const app = new App({ builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'Functions');
  const bundler = new LambdaBundler(root).declare(declared.map((e) => join(root, e)));
  const functions = used.map(
    (entry) =>
      new LambdaFunction(stack, entry.split('/')[1], {
        code: bundler.code(join(root, entry)),
        handler: 'index.handler',
        runtime: Runtime.NODEJS_22_X,
      }),
  );
  const assembly = app.synth();
  const assets = Object.fromEntries(
    functions.map((fn) => {
      const key = stack.resolve((fn.node.defaultChild as unknown as { code: { s3Key: string } }).code.s3Key);
      return [fn.node.id, join(assembly.directory, `asset.${String(key).replace(/\.zip$/, '')}`)];
    }),
  );
  return { bundler, assets, template: Template.fromStack(stack) };
}

describe('LambdaBundler', () => {
  let root: string;
  let result: Synthesized;
  beforeAll(() => {
    root = fixtureRoot();
    result = synth(
      root,
      ['functions/a/handler.ts', 'functions/b/handler.ts'],
      ['functions/a/handler.ts', 'functions/b/handler.ts'],
    );
  });

  it('bundles every declared entry in one esbuild run, into an asset per function', () => {
    expect(result.bundler.buildCount).toBe(1);
    for (const dir of Object.values(result.assets)) {
      expect(readdirSync(dir).sort()).toEqual([BUNDLE_FILE, `${BUNDLE_FILE}.map`]);
    }
    expect(result.assets.a).not.toBe(result.assets.b);
    result.template.resourceCountIs('AWS::Lambda::Function', 2);
  });

  it('produces runnable ESM: shared and CommonJS modules inlined, the AWS SDK left to the runtime', async () => {
    const a = readFileSync(join(result.assets.a, BUNDLE_FILE), 'utf8');
    const b = readFileSync(join(result.assets.b, BUNDLE_FILE), 'utf8');
    expect(a).toContain('createRequire(import.meta.url)');
    expect(b).toMatch(/from\s*"@aws-sdk\/client-s3"/);
    expect(a).not.toContain('@aws-sdk');
    expect(a).not.toMatch(/\bfrom\s*"\.\.?\//);

    const { handler } = (await import(pathToFileURL(join(result.assets.a, BUNDLE_FILE)).href)) as {
      handler: () => Promise<unknown>;
    };
    expect(await handler()).toEqual({ body: 'hello a', origin: 'legacy' });
  });

  it('minifies and links a source map that names the sources without embedding them', () => {
    const code = readFileSync(join(result.assets.a, BUNDLE_FILE), 'utf8');
    expect(code).toContain(`//# sourceMappingURL=${BUNDLE_FILE}.map`);
    expect(code).not.toContain('greet');
    const map = JSON.parse(readFileSync(join(result.assets.a, `${BUNDLE_FILE}.map`), 'utf8')) as {
      sources: string[];
      sourcesContent?: unknown;
    };
    // Relative to the staged asset, as they were to the build output: they lead to the real files.
    expect(map.sources.map((source) => resolve(result.assets.a, source))).toEqual(
      expect.arrayContaining([join(root, 'lib/shared.ts'), join(root, 'functions/a/handler.ts')]),
    );
    expect(map.sourcesContent).toBeUndefined();
  });

  it('builds an entry nobody declared on its own', () => {
    const late = synth(
      root,
      ['functions/a/handler.ts'],
      ['functions/a/handler.ts', 'functions/c/handler.ts'],
    );
    expect(late.bundler.buildCount).toBe(2);
    expect(readFileSync(join(late.assets.c, BUNDLE_FILE), 'utf8')).toContain('"c"');
    expect(late.bundler.requested).toEqual([
      join(root, 'functions/a/handler.ts'),
      join(root, 'functions/c/handler.ts'),
    ]);
  });

  it('runs no esbuild at all when CDK skips bundling', () => {
    const app = new App({
      builtinCloudFormationValidation: false,
      context: { 'aws:cdk:bundling-stacks': [] },
    });
    const stack = new Stack(app, 'Functions');
    const bundler = new LambdaBundler(root).declare([join(root, 'functions/a/handler.ts')]);
    new LambdaFunction(stack, 'a', {
      code: bundler.code(join(root, 'functions/a/handler.ts')),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
    });
    const assembly = app.synth();
    expect(bundler.buildCount).toBe(0);
    expect(readdirSync(assembly.directory).filter((f) => f.startsWith('asset.'))).toEqual([]);
    expect(existsSync(join(assembly.directory, 'Functions.template.json'))).toBe(true);
  });
});
