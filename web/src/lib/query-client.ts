import {
  type EnsureQueryDataOptions,
  QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The default load: GET on the query key segments joined with '/', parsed as JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(queryKey.filter((s) => typeof s === 'string' || typeof s === 'number').join('/'), { signal });

/** Spec section 9: no refetch on focus, data never stale, no retries for loads or saves. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A route loader's start on its page's data: the query is fetched unless cached, as soon as the route
 * matches and in parallel with the page's code chunk. The navigation does not wait for it: the page
 * shows its own loading skeletons and error states (spec) from the same cache entry.
 */
export function ensureQueryStarted<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, Error, TData, TQueryKey>,
): void {
  queryClient.ensureQueryData(options).catch(() => undefined);
}
