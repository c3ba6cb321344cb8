import type { Stats } from '../../../shared/schemas';
import { getAggregate, lastInvoiceActivityAt } from '../../adapters/dynamodb/aggregates';
import { nowIso } from '../../adapters/dynamodb/client';
import { keys, monthOf } from '../../adapters/dynamodb/keys';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { aiAccuracy, moneyByCurrency, unapprovedByCurrency } from '../../core/invoices/aggregates';
import { resourceHandler } from '../lib/http';
import { statsContract } from './contract';

/** Dashboard figures, read from aggregates maintained on every invoice write (no scans). */
export const handler = resourceHandler(statsContract, {
  'GET /api/stats': async (request) => {
    const { orgId } = request.principal();
    const [totals, month, last, currency] = await Promise.all([
      getAggregate(orgId, keys.totalsBucket),
      getAggregate(orgId, keys.monthBucket(monthOf(nowIso()))),
      lastInvoiceActivityAt(orgId),
      defaultCurrencyOf(orgId),
    ]);
    // Money per currency, never summed: the spec's monthlyTotal is the default currency's.
    const allTime = moneyByCurrency(totals, currency);
    const thisMonth = moneyByCurrency(month, currency);
    // Money is approved and ready invoices only (core/invoices/aggregates); the ready ones' share is said.
    const awaiting = unapprovedByCurrency(month, currency);
    const byCurrency = Object.fromEntries(
      [...new Set([currency, ...Object.keys(allTime), ...Object.keys(thisMonth)])].sort().map((c) => [
        c,
        {
          invoiceCount: allTime[c]?.invoiceCount ?? 0,
          monthlyTotal: (thisMonth[c]?.amountCents ?? 0) / 100,
          totalAmount: (allTime[c]?.amountCents ?? 0) / 100,
          monthlyAwaitingApproval: (awaiting[c]?.amountCents ?? 0) / 100,
          monthlyAwaitingApprovalCount: awaiting[c]?.count ?? 0,
        },
      ]),
    );
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
      monthlyTotal: byCurrency[currency].monthlyTotal,
      monthlyAwaitingApproval: byCurrency[currency].monthlyAwaitingApproval,
      monthlyAwaitingApprovalCount: byCurrency[currency].monthlyAwaitingApprovalCount,
      aiAccuracy: aiAccuracy(totals),
      reviewedInvoices: Number(totals.reviewedInvoices ?? 0),
      currency,
      byCurrency,
      reviewQueue: count('REVIEW_REQUIRED'),
      byStatus,
      lastActivityAt: last,
      connectedIntegrations: Number(totals.activeIntegrationCount ?? 0),
    };
    return stats;
  },
});
