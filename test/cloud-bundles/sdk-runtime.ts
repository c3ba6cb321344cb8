import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../../infra/cloud/handlers';

/**
 * A stand-in for the SDK the Lambda Node.js runtime ships in /var/runtime/node_modules: a `node_modules`
 * holding only the repo's `@aws-sdk/*` packages and what they depend on, as links to the installed
 * packages. A bundle's own imports are resolved from its task root upwards, so they find these packages
 * and nothing else of the repo's (an SDK package's own imports resolve from where it is installed, which
 * only ever reaches its own dependencies). The runtime's own SDK version may differ from the repo's; this
 * checks the bundles' imports, not that version.
 */
export function buildSdkRuntime(into: string): { nodeModules: string; packages: number } {
  const source = join(REPO_ROOT, 'node_modules');
  const nodeModules = join(into, 'node_modules');
  const pending = readdirScoped(source, '@aws-sdk');
  const copied = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (copied.has(name)) continue;
    const from = join(source, name);
    if (!existsSync(join(from, 'package.json'))) continue;
    copied.add(name);
    mkdirSync(dirname(join(nodeModules, name)), { recursive: true });
    symlinkSync(from, join(nodeModules, name), 'dir');
    const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    pending.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return { nodeModules, packages: copied.size };
}

function readdirScoped(root: string, scope: string): string[] {
  const dir = join(root, scope);
  return existsSync(dir) ? readdirSync(dir).map((name) => `${scope}/${name}`) : [];
}
