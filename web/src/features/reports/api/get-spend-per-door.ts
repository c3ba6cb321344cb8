import type { SpendPerDoorReport } from '@shared/schemas/ap-reports';
import { useQuery } from '@tanstack/react-query';
import { reportQueryOptions } from './report-query';

export const spendPerDoorQueryOptions = (from: string, to: string) =>
  reportQueryOptions<SpendPerDoorReport>('spend-per-door', { from, to });

/** Not asked while the range is backwards (the end month before the start month). */
export const useSpendPerDoorReport = (from: string, to: string) =>
  useQuery({ ...spendPerDoorQueryOptions(from, to), enabled: Boolean(from && to && from <= to) });
