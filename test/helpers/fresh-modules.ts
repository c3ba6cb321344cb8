import { afterAll, vi } from 'vitest';

/**
 * The unit project runs its files in one module graph per worker (`isolate: false`), so the packages
 * under node_modules (the AWS SDK, CDK, pdfjs) are imported once per worker instead of once per file.
 * Our own modules are evaluated afresh for each file, so no file sees another's singletons or
 * `vi.mock`s, and each file leaves the environment variables as it found them. State a package keeps
 * itself is not reset: a file that depends on it runs in `unit-isolated` (vitest.config.ts). The web
 * and integration projects stay isolated: React Query's and Amplify's module state, and the local
 * stacks, made files depend on the order they ran in.
 */
vi.resetModules();

const environment = { ...process.env };
afterAll(() => {
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
