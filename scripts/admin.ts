/**
 * Operator commands against a running stack's table (local or cloud).
 *
 *   npm run admin -- set-plan <slug> <STARTER|PROFESSIONAL|ENTERPRISE>
 *   npm run backfill:aggregates   (npm run admin -- backfill-aggregates [--force])
 *
 * `backfill-aggregates` brings every organization's invoices to the current aggregate scheme
 * (functions/core/invoices/backfill-aggregates.ts): run it once after a deploy that adds buckets, such
 * as the AP reports'. The same walk gives certificates saved before the expiry index their index item
 * (their insurance alerts were never due otherwise). It is idempotent; an organization already done is
 * skipped unless `--force`.
 *
 * The table comes from TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local). Without them, the local
 * stack's `<DATA_DIR or .data>/local.json` is read for `table` and `endpoints.dynamodb`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PLANS } from '../shared/constants';

const usage = [
  'Usage: npm run admin -- set-plan <slug> <STARTER|PROFESSIONAL|ENTERPRISE>',
  '       npm run admin -- backfill-aggregates [--force]',
].join('\n');

const backfillArgs = z.tuple([z.literal('backfill-aggregates')]).rest(z.literal('--force'));

const setPlanArgs = z.tuple([
  z.literal('set-plan'),
  z.string().regex(/^[a-z0-9-]+$/, 'The slug has only lowercase letters, numbers, and hyphens'),
  z.enum(PLANS, { error: `The plan is one of ${PLANS.join(', ')}` }),
]);

/** Points the table adapter at the stack: env first, else the local stack's description file. */
function configureTable(): void {
  if (!process.env.TABLE_NAME) {
    const file = join(resolve(process.env.DATA_DIR ?? '.data'), 'local.json');
    const local = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    const endpoints = (local.endpoints ?? {}) as Record<string, unknown>;
    if (typeof local.table !== 'string' || typeof endpoints.dynamodb !== 'string') {
      throw new Error(
        `Set TABLE_NAME (and DYNAMODB_ENDPOINT for a local stack), or start the local stack so ${file} names its table and endpoints`,
      );
    }
    process.env.TABLE_NAME = local.table;
    process.env.DYNAMODB_ENDPOINT = endpoints.dynamodb;
  }
  // The shared function config also requires settings this command never uses (bucket, user pool).
  process.env.BUCKET_NAME ??= 'unused-by-admin';
  process.env.USER_POOL_ID ??= 'unused-by-admin';
  process.env.USER_POOL_CLIENT_ID ??= 'unused-by-admin';
}

/** Backfills every organization, one at a time (each walks its invoices once), printing a line each. */
async function backfill(force: boolean): Promise<number> {
  configureTable();
  const { provideAdapterPorts } = await import('../functions/adapters/ports');
  const { backfillEveryOrganization } = await import('../functions/adapters/dynamodb/aggregate-backfill');
  provideAdapterPorts();
  await backfillEveryOrganization(
    (result) =>
      console.log(
        result.skipped
          ? `${result.orgId}: already backfilled`
          : `${result.orgId}: ${result.written} of ${result.scanned} invoices brought to the current scheme`,
      ),
    {
      force,
      onCertificates: (orgId, indexed) => {
        if (indexed > 0) console.log(`${orgId}: ${indexed} certificates given their expiry index item`);
      },
    },
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const backfilling = backfillArgs.safeParse(argv);
  if (backfilling.success) return backfill(backfilling.data.length > 1);
  const parsed = setPlanArgs.safeParse(argv);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    console.error(usage);
    return 2;
  }
  const [, slug, plan] = parsed.data;
  configureTable();
  const { setPlanBySlug } = await import('../functions/adapters/dynamodb/organizations');
  const org = await setPlanBySlug(slug, plan);
  console.log(`${org.name} (${slug}) is now on ${org.plan}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
