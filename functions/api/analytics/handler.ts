import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { getAggregate, listAggregates } from '../../adapters/dynamodb/aggregates';
import { listCategories } from '../../adapters/dynamodb/categories';
import { db, nowIso, tableName } from '../../adapters/dynamodb/client';
import { keys, monthOf } from '../../adapters/dynamodb/keys';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { listAllProperties } from '../../adapters/dynamodb/properties';
import { listAllVendors } from '../../adapters/dynamodb/vendors';
import { resourceHandler } from '../lib/http';
import { analyticsContract } from './contract';
import { type Bucket, lastMonths, shapeAnalytics } from './shape';

/** The last 12 `MONTH#` buckets in one batch read (older months are never read). */
async function monthBuckets(orgId: string, current: string): Promise<Bucket[]> {
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: lastMonths(current).map((m) => keys.stats(orgId, `MONTH#${m}`)) },
      },
    }),
  );
  return (Responses?.[tableName()] ?? []).map((item) => ({ ...item, bucket: String(item.SK).slice(6) }));
}

/** Analytics from the aggregate items only: their cost does not grow with the number of invoices. */
export const handler = resourceHandler(analyticsContract, {
  'GET /api/analytics/invoice-analytics': async (request) => {
    const { orgId } = request.principal();
    const currentMonth = monthOf(nowIso());
    const [totals, vendors, categories, months, knownVendors, categoryList, defaultCurrency] =
      await Promise.all([
        getAggregate(orgId, 'TOTALS'),
        listAggregates(orgId, 'VENDOR#'),
        listAggregates(orgId, 'CATEGORY#'),
        monthBuckets(orgId, currentMonth),
        listAllVendors(orgId),
        listCategories(orgId),
        defaultCurrencyOf(orgId),
      ]);
    const [properties, propertyList] = await Promise.all([
      listAggregates(orgId, 'PROPERTY#'),
      listAllProperties(orgId),
    ]);
    return shapeAnalytics({
      totals: { ...totals, bucket: 'TOTALS' },
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
