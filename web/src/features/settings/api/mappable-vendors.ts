import type { Vendor } from '@shared/schemas/entities';
import { useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

/** How many vendors the mapping lists (the API's largest page); the rest are matched by name. */
const MAPPED_VENDORS = 100;

/**
 * The organization's vendors the account mapping offers a choice for: all but INACTIVE ones (whose bills
 * are never booked), on the vendors' key prefix so a vendor change refreshes it.
 */
export function useMappableVendors(): { items: Vendor[]; more: boolean } {
  const query = useQuery({
    queryKey: ['/api/vendors', 'mapping'] as const,
    queryFn: ({ signal }) =>
      api.get<Page<Vendor>>('/api/vendors', { query: { limit: MAPPED_VENDORS }, signal }),
  });
  const page = query.data;
  return {
    items: (page?.items ?? []).filter((v) => v.status !== 'INACTIVE'),
    more: Boolean(page?.nextCursor),
  };
}
