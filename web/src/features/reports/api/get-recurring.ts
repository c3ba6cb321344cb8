import type { RecurringBillsReport } from '@shared/schemas/ap-reports';
import { useQuery } from '@tanstack/react-query';
import { reportQueryOptions } from './report-query';

export const recurringQueryOptions = (month: string) =>
  reportQueryOptions<RecurringBillsReport>('recurring', { month });

export const useRecurringReport = (month: string) =>
  useQuery({ ...recurringQueryOptions(month), enabled: Boolean(month) });
