import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_RESOURCES } from '../../functions/api/routes';

/** The route keys (`'GET /api/…'`) each handler registers with resourceHandler, read from its source. */
export function registeredRoutes(): string[] {
  const routes = new Set<string>();
  for (const resource of API_RESOURCES) {
    const source = readFileSync(join('functions/api', resource.handler, 'handler.ts'), 'utf8');
    for (const match of source.matchAll(/'(GET|POST|PUT|DELETE|PATCH) (\/api\/[^']*)'\s*:/g))
      routes.add(`${match[1]} ${match[2]}`);
  }
  return [...routes].sort();
}
