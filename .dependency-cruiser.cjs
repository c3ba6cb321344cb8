/**
 * Import rules checked by `npm run lint:deps` (part of `npm run lint`).
 *
 * The web app is layered as bulletproof-react is: routes and app/ compose features, features compose
 * the shared layers (components/, lib/, test/), and a feature is entered only through its index.ts so
 * its inside can change without touching the others. shared/ is the code the browser and the server
 * both load, so it depends on neither of them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes the import order decide what is undefined at load time; split the shared part out. Type-only imports count: a type cycle is the same knot.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-through-its-ports',
      severity: 'error',
      comment:
        'functions/core is the domain: it reaches storage and other systems through the ports it declares (functions/core/ports.ts), never an adapter, a handler or env() (biome.json says the same for imports it can see).',
      from: { path: '^functions/core/', pathNot: '[.](test|fixture)[.]ts$' },
      to: { path: '^functions/(adapters|api|workers|workflow|authorizer)/|^functions/env[.]ts$' },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        'Another feature is entered only through its index.ts(x): what it exports there is its public part.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index[.]tsx?$'],
      },
    },
    {
      name: 'shared-web-layers-stay-below-features',
      severity: 'error',
      comment:
        'components/, lib/ and test/ serve every feature: they know no feature, no app wiring and no route.',
      from: { path: '^web/src/(components|lib|test)/' },
      to: { path: '^web/src/(features|app|routes)/' },
    },
    {
      name: 'features-stay-below-app',
      severity: 'error',
      comment:
        'app/ and routes/ compose the features; a feature that imported them would import itself back.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(app|routes)/' },
    },
    {
      name: 'shared-knows-no-side',
      severity: 'error',
      comment:
        'shared/ is loaded by the browser and by the Lambdas alike: it imports neither side, nor infra.',
      from: { path: '^shared/' },
      to: { path: '^(web|functions|infra)/' },
    },
  ],
  options: {
    // dependency-cruiser parses TypeScript with the TypeScript 5/6 compiler API, which TypeScript 7 no longer
    // has, and its swc parser cannot read JSX (dependency-cruiser 18 can, but needs Node 22): Babel reduces
    // each file to its imports instead. @swc/core is installed only because dependency-cruiser scans .ts and
    // .tsx files only when a TypeScript parser it knows is there.
    babelConfig: { fileName: 'scripts/dependency-rules/imports-only.babel.cjs' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages are no part of the rules; the generated route tree imports every route, which is its job.
    exclude: { path: ['node_modules', 'route-tree[.]gen[.]ts$'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
