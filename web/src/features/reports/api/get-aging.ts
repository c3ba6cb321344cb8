import type { AgingReport } from '@shared/schemas/ap-reports';
import { useQuery } from '@tanstack/react-query';
import { reportQueryOptions } from './report-query';

export const agingQueryOptions = (asOf: string) => reportQueryOptions<AgingReport>('aging', { asOf });

export const useAgingReport = (asOf: string) => useQuery(agingQueryOptions(asOf));
