import { vi } from 'vitest';

/**
 * The unit, web and integration projects run their files in one module graph per worker
 * (`isolate: false`), so the packages under node_modules (the AWS SDK, React, Amplify UI) are imported
 * once per worker instead of once per file: that was two thirds of the unit and web projects' time. Our
 * own modules are evaluated afresh for each file, so no file sees another's singletons (a session,
 * Powertools metrics, a stack's endpoints) or `vi.mock`s.
 */
vi.resetModules();
