import { defineConfig } from 'vitest/config';
import { webAliases } from './web/aliases.js';

/**
 * Unit tests sit next to the code they test (`*.test.ts[x]`); suites that need the real local parts
 * (DynamoDB Local, s3rver, cognito-local, SQS, the workflow runner) live under test/integration.
 */
const CRASH_TESTS = [
  'test/integration/kill-during-upload.test.ts',
  'test/integration/kill-during-approvals.test.ts',
  'test/integration/restart.test.ts',
  'test/integration/huge-page.test.ts',
  'test/integration/pipeline-resume.test.ts',
  'test/integration/hostile-files.test.ts',
  // 300 uploads while it times another tenant's invoice: alone, so other files' load does not skew it.
  'test/integration/fair-processing.test.ts',
];

/**
 * Unit files that must have a process of their own: Powertools' metrics keep state outside our modules
 * (fresh-modules.ts resets only ours), and a file run after others in a shared worker saw it.
 */
const ISOLATED_UNIT_TESTS = ['functions/adapters/observability/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          setupFiles: ['test/helpers/fresh-modules.ts', 'test/helpers/provide-ports.ts'],
          include: ['{functions,shared,infra,scripts}/**/*.test.ts', 'test/unit/**/*.test.ts'],
          exclude: ISOLATED_UNIT_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          setupFiles: ['test/helpers/provide-ports.ts'],
          include: ISOLATED_UNIT_TESTS,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          setupFiles: ['test/helpers/provide-ports.ts'],
          include: ['test/integration/**/*.test.ts'],
          exclude: CRASH_TESTS,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The local parts are started once per file, on their own ports and folders: two files at a
          // time keep a 2-core machine busy while one of them waits on its emulators.
          maxWorkers: 2,
        },
      },
      {
        // Files that kill and restart `npm start` or push the OCR engine to its limits: one at a time,
        // after the others (`npm run test:integration` runs this project second).
        test: {
          name: 'integration-crash',
          setupFiles: ['test/helpers/provide-ports.ts'],
          include: CRASH_TESTS,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm run test:cloud-bundles`: the synthesized Lambda bundles run in their own processes against
        // the real local parts and compared with their source modules (test/cloud-bundles/README.md).
        test: {
          name: 'cloud-bundles',
          include: ['test/cloud-bundles/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        // `npm run test:fuzz`: generated requests over every route against the real local parts.
        test: {
          name: 'fuzz',
          include: ['test/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 1_800_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
