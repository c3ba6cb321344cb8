/** The four statistics cards and their label rules (spec section 9). */
import { formatMoney } from '../../../../../shared/format';
import type { Stats } from '../../../../../shared/schemas/entities';
import type { BadgeTone } from '../../../components/ui/badge';

export type StatKey = 'totalInvoices' | 'processingQueue' | 'monthlyTotal' | 'aiAccuracy';

export interface StatCard {
  key: StatKey;
  title: string;
  value: string;
  label: string;
  tone: BadgeTone;
}

export const STAT_TITLES: Record<StatKey, string> = {
  totalInvoices: 'Total Invoices',
  processingQueue: 'Processing Queue',
  monthlyTotal: 'Monthly Total',
  aiAccuracy: 'AI Accuracy',
};

export function aiAccuracyValue(accuracy: number): string {
  return accuracy <= 0 ? 'N/A' : `${accuracy.toFixed(1)}%`;
}

/** High above 80, Moderate for anything above 0 up to 80, No data at 0. */
export function aiAccuracyLabel(accuracy: number): { label: string; tone: BadgeTone } {
  if (accuracy > 80) return { label: 'High', tone: 'green' };
  if (accuracy > 0) return { label: 'Moderate', tone: 'amber' };
  return { label: 'No data', tone: 'gray' };
}

export function statCards(stats: Pick<Stats, StatKey>): StatCard[] {
  const accuracy = aiAccuracyLabel(stats.aiAccuracy);
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
      value: formatMoney(stats.monthlyTotal),
      ...(stats.monthlyTotal > 0
        ? { label: 'Current', tone: 'brand' }
        : { label: 'No invoices', tone: 'gray' }),
    },
    {
      key: 'aiAccuracy',
      title: STAT_TITLES.aiAccuracy,
      value: aiAccuracyValue(stats.aiAccuracy),
      label: accuracy.label,
      tone: accuracy.tone,
    },
  ];
}
