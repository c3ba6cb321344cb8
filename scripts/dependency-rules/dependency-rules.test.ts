import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config: IConfiguration = require('../../.dependency-cruiser.cjs');
const repo = fileURLToPath(new URL('../../', import.meta.url));
// A web/src of three files, cruised from its own root so the config's `^web/src/` paths match it.
const fixture = fileURLToPath(new URL('./fixture/', import.meta.url));

async function fixtureViolations() {
  // The API takes the Babel config itself where the command line reads the file the options name.
  const babelConfig = await extractBabelConfig(`${repo}${config.options?.babelConfig?.fileName}`);
  const { output } = await cruise(
    ['web/src'],
    { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir: fixture },
    {},
    { babelConfig },
  );
  return (output as ICruiseResult).summary.violations.map(({ rule, from, to }) => ({
    rule: rule.name,
    from,
    to,
  }));
}

describe('.dependency-cruiser.cjs', () => {
  it('reports a feature that imports another feature past its index, type-only imports too', async () => {
    expect(await fixtureViolations()).toEqual([
      {
        rule: 'feature-through-its-index',
        from: 'web/src/features/reports/report-total.tsx',
        to: 'web/src/features/billing/lib/format-total.ts',
      },
    ]);
  });
});
