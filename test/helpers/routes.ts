import { API_RESOURCES } from '../../functions/api/routes';

/**
 * The route keys (`'GET /api/…'`) each /api function serves, read from the handler modules themselves (the
 * modules the CDK API stack deploys and the local gateway loads), keyed by resource folder.
 */
export async function routesByResource(): Promise<Map<string, string[]>> {
  const routes = new Map<string, string[]>();
  for (const resource of API_RESOURCES) {
    const module = (await import(`../../functions/api/${resource.handler}/handler.ts`)) as {
      handler: { routes: string[] };
    };
    routes.set(resource.handler, [...module.handler.routes]);
  }
  return routes;
}

/** Every route key every /api function serves, sorted. */
export async function registeredRoutes(): Promise<string[]> {
  return [...(await routesByResource()).values()].flat().sort();
}
