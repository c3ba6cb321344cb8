import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { afterAll, describe, expect, it } from 'vitest';

const WEB_SRC = join(import.meta.dirname, '../../web/src');
const scratch = mkdtempSync(join(tmpdir(), 'route-tree-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the committed route tree (web/src/route-tree.gen.ts)', () => {
  // The type check reads the committed file; a route file added, renamed or deleted without running the
  // generator (npm run build:web or dev) would leave the app routing to what is no longer there.
  it('is what the TanStack Router generator makes of web/src/routes, with the options vite.config.ts gives it', async () => {
    cpSync(join(WEB_SRC, 'routes'), join(scratch, 'routes'), { recursive: true });
    const config = getConfig({
      target: 'react',
      routesDirectory: join(scratch, 'routes'),
      generatedRouteTree: join(scratch, 'route-tree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
      disableLogging: true,
    });
    await new Generator({ config, root: scratch }).run();
    expect(readFileSync(join(scratch, 'route-tree.gen.ts'), 'utf8')).toBe(
      readFileSync(join(WEB_SRC, 'route-tree.gen.ts'), 'utf8'),
    );
  });
});
