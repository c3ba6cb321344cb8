import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCloudApp } from './cloud-app';
import { resolveConfig } from './config';
import { type FunctionGrants, functionGrants, grantsTable, type Templates } from './grants';
import { REPO_ROOT } from './handlers';

const STAGE = 'grants';

/**
 * The only wildcards a function's role may hold, each for a reason the resource model gives. Everything
 * else names one resource: the table (and its own indexes), one key prefix of a bucket, one queue, the
 * key, one log group.
 */
const ALLOWED_WILDCARD_RESOURCES: { pattern: RegExp; actions: RegExp; why: string }[] = [
  {
    pattern: /^\*$/,
    actions: /^xray:(PutTraceSegments|PutTelemetryRecords)$/,
    why: 'X-Ray has no resource-level permissions; active tracing needs these two on "*"',
  },
  {
    pattern: /:table\/[^*/]+\/index\/\*$/,
    actions: /^dynamodb:Query$/,
    why: 'the global secondary indexes of the one table (GSI1 status listings, GSI2 vendor history)',
  },
  {
    // The upload bucket is named (arn:…:s3:::<name>/uploads/*), the inbound-mail bucket referenced (<…Arn>/inbound/*).
    pattern:
      /^(arn:<AWS::Partition>:s3:::[^*/]+|<[A-Za-z0-9]+\.Arn>)\/(uploads|certificates|textract-output|inbound)\/\*$/,
    actions: /^s3:(GetObject|PutObject|DeleteObject)$/,
    why: 'the objects under one key prefix of one bucket (keys are per tenant and invoice, or certificate, below it)',
  },
  {
    pattern: /^arn:aws:ses:[a-z0-9-]+:<AWS::AccountId>:identity\/\*$/,
    actions: /^ses:(SendEmail|SendRawEmail)$/,
    why: 'SES checks the sender and (in its sandbox) each recipient identity; a condition pins the sender',
  },
];

let all: FunctionGrants[];
const prefix = `${STAGE}-invoice-pilot-`;

beforeAll(() => {
  const site = mkdtempSync(join(tmpdir(), 'grants-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], stage: STAGE } });
  const config = resolveConfig({ context: (k) => app.node.tryGetContext(k), env: {} });
  const stacks = buildCloudApp(app, { config, siteAssetPath: site });
  const templates: Templates = {};
  for (const [name, stack] of Object.entries(stacks)) {
    if (name === 'catalog' || name === 'bundler') continue;
    templates[name] = Template.fromStack(stack as never).toJSON() as Templates[string];
  }
  rmSync(site, { recursive: true, force: true });
  all = functionGrants(templates).filter((f) => f.name.startsWith(prefix));
  console.log(
    `Grants per function (${all.length} functions):\n${grantsTable(all, (n) => n.slice(prefix.length))}`,
  );
});

describe('least privilege per function', () => {
  it('reads the grants of every function of the app', () => {
    expect(all.length).toBeGreaterThan(30);
    for (const fn of all) expect(fn.grants.length, fn.name).toBeGreaterThan(0);
  });

  it('holds no wildcard action', () => {
    const wildcards = all.flatMap((fn) =>
      fn.grants.flatMap((g) => g.actions.filter((a) => a.includes('*')).map((a) => `${fn.name}: ${a}`)),
    );
    expect(wildcards).toEqual([]);
  });

  it('holds no wildcard resource outside the allow-list', () => {
    const outside = all.flatMap((fn) =>
      fn.grants.flatMap((g) =>
        g.resources
          .filter((r) => r.includes('*'))
          .flatMap((r) =>
            g.actions
              .filter((a) => !ALLOWED_WILDCARD_RESOURCES.some((w) => w.pattern.test(r) && w.actions.test(a)))
              .map((a) => `${fn.name}: ${a} on ${r}`),
          ),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('gives read-only functions no write to the table', () => {
    const writes = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/;
    for (const name of ['api-stats', 'api-analytics', 'api-invitation-links']) {
      const fn = all.find((f) => f.name === `${prefix}${name}`);
      expect(fn, name).toBeDefined();
      expect(fn?.grants.flatMap((g) => g.actions).filter((a) => writes.test(a))).toEqual([]);
    }
  });

  it('lets every function that queries the table query its indexes (a table imported by name names none)', () => {
    const queries = (fn: FunctionGrants, index: boolean) =>
      fn.grants.some(
        (g) =>
          g.actions.includes('dynamodb:Query') && g.resources.some((r) => r.endsWith('/index/*') === index),
      );
    // The outbox relay's own statement queries only the table's outbox and integration partitions.
    const tableQueriers = all.filter(
      (fn) => queries(fn, false) && fn.name !== `${prefix}worker-outbox-relay`,
    );
    expect(tableQueriers.length).toBeGreaterThan(20);
    expect(tableQueriers.filter((fn) => !queries(fn, true)).map((fn) => fn.name)).toEqual([]);
  });

  it('opens secrets only in the functions that send them, and lets no function call Textract', () => {
    const holders = (action: string) =>
      all
        .filter((f) => f.grants.some((g) => g.actions.includes(action)))
        .map((f) => f.name.slice(prefix.length));
    expect(holders('kms:Decrypt').sort()).toEqual([
      'api-integrations',
      'api-reports',
      'worker-integration-sync',
      'worker-webhook-delivery',
    ]);
    expect(all.filter((f) => f.grants.some((g) => g.actions.some((a) => a.startsWith('textract:'))))).toEqual(
      [],
    );
  });
});
