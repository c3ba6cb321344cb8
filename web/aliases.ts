import { fileURLToPath } from 'node:url';

/**
 * Import aliases of the web app, for Vite and Vitest (tsconfig.json's `paths` say the same to the
 * type checker): `@/` is web/src, `@shared/` the repo's shared/ (schemas, formatting, constants).
 */
export const webAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
];
