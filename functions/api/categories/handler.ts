import { listCategories } from '../../adapters/dynamodb/categories';
import { resourceHandler } from '../lib/http';

/** The organization's expense categories, for selection (spec: loaded for selection only). */
export const handler = resourceHandler({
  'GET /api/categories': async (request) => {
    const { orgId } = request.principal();
    const items = await listCategories(orgId);
    return { items, nextCursor: null, total: items.length };
  },
});
