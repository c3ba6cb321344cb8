import { queryOptions } from '@tanstack/react-query';
import { api, buildUrl } from '@/lib/api-client';

/**
 * Every AP report's query sits under this key: marking an invoice paid (invoices' payment actions)
 * invalidates it as a whole, since a paid mark moves money out of aging and cash requirements.
 */
export const reportsQueryKey = ['/api/reports'] as const;

export type ReportName = 'aging' | 'cash-requirements' | 'spend-per-door' | 'recurring';
export type ReportQuery = Record<string, string>;

export function reportQueryOptions<T>(name: ReportName, query: ReportQuery) {
  return queryOptions({
    queryKey: [...reportsQueryKey, name, query] as const,
    queryFn: ({ signal }) => api.get<T>(`/api/reports/${name}`, { query, signal }),
  });
}

/** The report as CSV, for the same query as the table shows. */
export const reportCsvUrl = (name: ReportName, query: ReportQuery) =>
  buildUrl(`/api/reports/${name}.csv`, query);
