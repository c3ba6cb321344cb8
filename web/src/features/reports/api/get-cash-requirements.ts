import type { CashRequirementsReport } from '@shared/schemas/ap-reports';
import { useQuery } from '@tanstack/react-query';
import { reportQueryOptions } from './report-query';

export const cashRequirementsQueryOptions = (asOf: string) =>
  reportQueryOptions<CashRequirementsReport>('cash-requirements', { asOf });

export const useCashRequirementsReport = (asOf: string) => useQuery(cashRequirementsQueryOptions(asOf));
