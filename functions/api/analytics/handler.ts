import { getAggregate, getMonthAggregates, listAggregates } from '../../adapters/dynamodb/aggregates';
import { listCategories } from '../../adapters/dynamodb/categories';
import { nowIso } from '../../adapters/dynamodb/client';
import { keys, monthOf } from '../../adapters/dynamodb/keys';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { listAllProperties } from '../../adapters/dynamodb/properties';
import { listAllVendors } from '../../adapters/dynamodb/vendors';
import { resourceHandler } from '../lib/http';
import { analyticsContract } from './contract';
import { lastMonths, shapeAnalytics } from './shape';

/** Analytics from the aggregate items only: their cost does not grow with the number of invoices. */
export const handler = resourceHandler(analyticsContract, {
  'GET /api/analytics/invoice-analytics': async (request) => {
    const { orgId } = request.principal();
    const currentMonth = monthOf(nowIso());
    const [totals, vendors, categories, months, knownVendors, categoryList, defaultCurrency] =
      await Promise.all([
        getAggregate(orgId, keys.totalsBucket),
        listAggregates(orgId, keys.vendorBucketPrefix),
        listAggregates(orgId, keys.categoryBucketPrefix),
        getMonthAggregates(orgId, lastMonths(currentMonth)),
        listAllVendors(orgId),
        listCategories(orgId),
        defaultCurrencyOf(orgId),
      ]);
    const [properties, propertyList] = await Promise.all([
      listAggregates(orgId, keys.propertyBucketPrefix),
      listAllProperties(orgId),
    ]);
    return shapeAnalytics({
      totals: { ...totals, bucket: keys.totalsBucket },
      vendors,
      categories,
      months,
      knownVendors,
      categoryNames: Object.fromEntries(categoryList.map((c) => [c.id, c.name])),
      properties,
      propertyNames: Object.fromEntries(propertyList.map((p) => [p.id, p.name])),
      currentMonth,
      defaultCurrency,
    });
  },
});
