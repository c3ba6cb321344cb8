import { pageOf } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read } from '../lib/rights';

/** The routes of categories: what each reads and answers (functions/api/lib/contract.ts). */
export const categoriesContract = defineContract({
  'GET /api/categories': {
    rule: read('categories:read'),
    tag: 'Categories',
    summary: 'Expense categories',
    success: 200,
    response: pageOf(named.Category),
  },
});
