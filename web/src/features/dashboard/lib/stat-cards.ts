/** The four statistics cards and their label rules (spec section 9). */
import { formatMoney } from '@shared/format';
import { MIN_REVIEWED_FOR_ACCURACY, type Stats } from '@shared/schemas/entities';
import type { BadgeTone } from '@/components/ui/badge';

export type StatKey = 'totalInvoices' | 'processingQueue' | 'monthlyTotal' | 'aiAccuracy';

export interface StatCard {
  key: StatKey;
  title: string;
  value: string;
  label: string;
  tone: BadgeTone;
  /** Figures in other currencies, shown beside the value and never added to it. */
  others?: string[];
  /** How the figure is measured, in the card's tooltip. */
  explain?: string;
  /** What the figure includes that nobody approved yet, shown under it. */
  note?: string;
}

export const STAT_TITLES: Record<StatKey, string> = {
  totalInvoices: 'Total Invoices',
  processingQueue: 'Processing Queue',
  monthlyTotal: 'Monthly Total',
  aiAccuracy: 'AI Accuracy',
};

/** 'N/A' while not measured (null, before 10 reviewed invoices) or at 0 and below; else one decimal. */
export function aiAccuracyValue(accuracy: number | null): string {
  return accuracy === null || accuracy <= 0 ? 'N/A' : `${accuracy.toFixed(1)}%`;
}

/** High above 80, Moderate for anything above 0 up to 80, No data at 0 or not yet measured. */
export function aiAccuracyLabel(accuracy: number | null): { label: string; tone: BadgeTone } {
  if (accuracy === null) return { label: 'No data', tone: 'gray' };
  if (accuracy > 80) return { label: 'High', tone: 'green' };
  if (accuracy > 0) return { label: 'Moderate', tone: 'amber' };
  return { label: 'No data', tone: 'gray' };
}

/** How AI Accuracy is measured, and how far it is from being measured at all. */
export function aiAccuracyExplanation(accuracy: number | null, reviewed: number): string {
  const how =
    'Of the fields the AI read on invoices a person approved or rejected, the share kept unchanged.';
  const basis = `${reviewed} reviewed invoice${reviewed === 1 ? '' : 's'} so far.`;
  return accuracy === null
    ? `${how} Shown once ${MIN_REVIEWED_FOR_ACCURACY} invoices have been reviewed; ${basis}`
    : `${how} Based on ${basis.replace(' so far', '')}`;
}

/**
 * The amounts of every currency but `main` whose `pick` figure is not zero, each in its own currency,
 * largest first. They are shown beside the main figure, never added to it.
 */
export function otherCurrencies<T>(
  byCurrency: Record<string, T> | undefined,
  main: string,
  pick: (figures: T) => number,
): string[] {
  return Object.entries(byCurrency ?? {})
    .filter(([code, f]) => code !== main && pick(f) !== 0)
    .sort(([, a], [, b]) => pick(b) - pick(a))
    .map(([code, f]) => formatMoney(pick(f), code));
}

/** The money the Monthly Total counts, in its tooltip. */
export const MONTHLY_TOTAL_EXPLANATION =
  'Invoices uploaded this month that are approved or ready for approval. Invoices in review, unreadable or rejected are not counted.';

/**
 * Says how much of a money figure is from ready invoices nobody approved yet (null when none):
 * 'Includes $1,200.00 from 3 invoices awaiting approval'.
 */
export function awaitingApprovalNote(amount: number, count: number, currency: string): string | null {
  if (count <= 0) return null;
  return `Includes ${formatMoney(amount, currency)} from ${count} invoice${count === 1 ? '' : 's'} awaiting approval`;
}

type StatsInput = Pick<Stats, StatKey> &
  Partial<
    Pick<Stats, 'currency' | 'reviewedInvoices' | 'monthlyAwaitingApproval' | 'monthlyAwaitingApprovalCount'>
  > & {
    // Only the figure the cards read: servers before approval-only totals send no awaiting figures.
    byCurrency?: Record<string, { invoiceCount: number; monthlyTotal: number; totalAmount: number }>;
  };

export function statCards(stats: StatsInput): StatCard[] {
  const accuracy = aiAccuracyLabel(stats.aiAccuracy);
  const currency = stats.currency ?? 'USD';
  const others = otherCurrencies(stats.byCurrency, currency, (f) => f.monthlyTotal);
  return [
    {
      key: 'totalInvoices',
      title: STAT_TITLES.totalInvoices,
      value: stats.totalInvoices.toLocaleString('en-US'),
      ...(stats.totalInvoices > 0 ? { label: 'Active', tone: 'green' } : { label: 'No data', tone: 'gray' }),
    },
    {
      key: 'processingQueue',
      title: STAT_TITLES.processingQueue,
      value: stats.processingQueue.toLocaleString('en-US'),
      ...(stats.processingQueue > 0
        ? { label: `${stats.processingQueue} active`, tone: 'blue' }
        : { label: 'Clear', tone: 'green' }),
    },
    {
      key: 'monthlyTotal',
      title: STAT_TITLES.monthlyTotal,
      value: formatMoney(stats.monthlyTotal, currency),
      others,
      explain: MONTHLY_TOTAL_EXPLANATION,
      ...noteOf(
        awaitingApprovalNote(
          stats.monthlyAwaitingApproval ?? 0,
          stats.monthlyAwaitingApprovalCount ?? 0,
          currency,
        ),
      ),
      ...(stats.monthlyTotal > 0 || others.length
        ? { label: 'Current', tone: 'brand' }
        : { label: 'No invoices', tone: 'gray' }),
    },
    {
      key: 'aiAccuracy',
      title: STAT_TITLES.aiAccuracy,
      value: aiAccuracyValue(stats.aiAccuracy),
      label: accuracy.label,
      tone: accuracy.tone,
      explain: aiAccuracyExplanation(stats.aiAccuracy, stats.reviewedInvoices ?? 0),
    },
  ];
}

const noteOf = (note: string | null) => (note ? { note } : {});
