import './polyfills';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backfillEveryOrganization } from '../../functions/adapters/dynamodb/aggregate-backfill';
import { StartupError } from './data-folder-lock';
import { startLocalStack } from './stack';
import { keepServingThroughStrayErrors } from './stray-errors';

/** What the built web app is made from: a change to any of them after the build means a rebuild. */
const WEB_SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/aliases.ts',
  'shared',
  'package-lock.json',
];

/** The latest modification time among the files under these paths (a pull or an edit moves it). */
function newestSourceChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const path of paths) visit(resolve(path));
  return newest;
}

async function buildWebIfStale(staticDir: string): Promise<void> {
  const built = resolve(staticDir, 'index.html');
  if (existsSync(built) && newestSourceChange(WEB_SOURCES) <= statSync(built).mtimeMs) return;
  console.log(
    existsSync(built)
      ? 'Rebuilding the web app (its sources changed)...'
      : 'Building the web app (first run)...',
  );
  const { build } = await import('vite');
  await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'warn' });
}

/**
 * `npm start`: the whole product on this machine, no AWS account and no Docker. Prints one URL and the
 * demo credentials when ready; Ctrl-C or SIGTERM stops every part.
 */
async function main() {
  const started = Date.now();
  keepServingThroughStrayErrors((line) => console.error(line));
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new StartupError(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}".`);
  const staticDir = resolve('web/dist');
  const stack = await startLocalStack({
    dataDir,
    port,
    staticDir,
    log: (line) => console.log(line),
    // Webhooks and integrations may point at a receiver on this machine (never at private or metadata
    // ones), unless started with OUTBOUND_ALLOW_LOOPBACK=false.
    allowLoopbackOutbound: process.env.OUTBOUND_ALLOW_LOOPBACK !== 'false',
    // Only once the folder and port are ours: a refused start must not rebuild what another one serves.
    beforeStart: () => buildWebIfStale(staticDir),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
  Invoice Pilot is running (ready in ${seconds} s)

    URL:       ${stack.url}
    SMTP:      ${stack.smtp.host}:${stack.smtp.port}   (mail to an organization's inbox address becomes invoices)
    QuickBooks (fake): ${stack.quickbooks.url}   (Settings → Integrations → Connect to QuickBooks consents here; or paste API key ${stack.quickbooks.accessToken}, any realm id)
    Propertyware (fake): ${stack.propertyware.url}   (API URL; username ${stack.propertyware.credentials.clientId}, System ID ${stack.propertyware.credentials.systemId}, password in ${resolve(stack.dataDir, 'local.json')})
    Sign in:   ${stack.demo.email}
    Password:  ${stack.demo.password}

    Data:      ${stack.dataDir}
    Settings:  ${resolve(stack.dataDir, 'local.json')}

  New accounts can sign up on the page; their confirmation codes are printed here.
  Press Ctrl-C to stop.
`);
  // Invoices last written under an older aggregate scheme are brought to the current one, and certificates
  // saved before the expiry index get their item, once (the table is marked when all organizations are
  // done, so later starts read one item); in the background.
  void backfillEveryOrganization(
    (result) => {
      if (result.written > 0)
        console.log(`Aggregates: ${result.written} invoices of organization ${result.orgId} backfilled`);
    },
    {
      onCertificates: (orgId, indexed) => {
        if (indexed > 0)
          console.log(
            `Insurance: ${indexed} certificates of organization ${orgId} given their expiry index item`,
          );
      },
    },
  ).catch((error: unknown) => console.error('Backfilling the aggregates failed', error));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof StartupError ? `\n  ${error.message.replaceAll('\n', '\n  ')}\n` : error);
  process.exit(1);
});
