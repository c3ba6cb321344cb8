import { listCategories } from '../../adapters/dynamodb/categories';
import { resourceHandler } from '../lib/http';
import { categoriesContract } from './contract';

/** The organization's expense categories, for selection (spec: loaded for selection only). */
export const handler = resourceHandler(categoriesContract, {
  'GET /api/categories': async (request) => {
    const { orgId } = request.principal();
    const items = await listCategories(orgId);
    return { items, nextCursor: null, total: items.length };
  },
});
