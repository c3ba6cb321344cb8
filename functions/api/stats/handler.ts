import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Stats } from '../../../shared/schemas';
import { getAggregate } from '../../adapters/dynamodb/aggregates';
import { db, nowIso, tableName } from '../../adapters/dynamodb/client';
import { keys, monthOf, sortKeyStartsWith } from '../../adapters/dynamodb/keys';
import { aiAccuracy } from '../../core/invoices/aggregates';
import { resourceHandler } from '../lib/http';

/** The newest invoice's last change: one item read, newest first. */
async function lastActivityAt(orgId: string): Promise<string | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...sortKeyStartsWith(keys.orgPk(orgId), 'INVOICE#'),
      ProjectionExpression: 'updatedAt',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return (Items?.[0]?.updatedAt as string | undefined) ?? null;
}

/** Dashboard figures, read from aggregates maintained on every invoice write (no scans). */
export const handler = resourceHandler({
  'GET /api/stats': async (request) => {
    const { orgId } = request.principal();
    const [totals, month, last] = await Promise.all([
      getAggregate(orgId, 'TOTALS'),
      getAggregate(orgId, `MONTH#${monthOf(nowIso())}`),
      lastActivityAt(orgId),
    ]);
    const count = (status: string) => Number(totals[`status_${status}`] ?? 0);
    const byStatus = Object.fromEntries(
      ['UPLOADED', 'PROCESSING', 'PROCESSED', 'REVIEW_REQUIRED', 'APPROVED', 'REJECTED'].map((s) => [
        s,
        count(s),
      ]),
    );
    const stats: Stats = {
      totalInvoices: Number(totals.invoiceCount ?? 0),
      processingQueue: count('UPLOADED') + count('PROCESSING'),
      monthlyTotal: Number(month.amountCents ?? 0) / 100,
      aiAccuracy: aiAccuracy({
        aiFieldsExtracted: Number(totals.aiFieldsExtracted ?? 0),
        aiFieldsCorrected: Number(totals.aiFieldsCorrected ?? 0),
      }),
      reviewQueue: count('REVIEW_REQUIRED'),
      byStatus,
      lastActivityAt: last,
      connectedIntegrations: Number(totals.activeIntegrationCount ?? 0),
    };
    return stats;
  },
});
