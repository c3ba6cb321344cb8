import type { Vendor } from '@shared/schemas/entities';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

/** How many of the organization's vendors the edit form offers for the typed name. */
const VENDOR_OPTIONS = 5;

/** The organization's vendors matching `search`, for the edit form's vendor picker (same key prefix as Vendors). */
export function useVendorOptions(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['/api/vendors', 'pick', q] as const,
    queryFn: ({ signal }) =>
      api.get<Page<Vendor>>('/api/vendors', { query: { search: q, limit: VENDOR_OPTIONS }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Creates a vendor from the name typed on an invoice (the edit form links the invoice to it on save). */
export function useCreateVendorFromName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vendor: {
      name: string;
      email: string | null;
      phone: string | null;
      address: string | null;
    }) => api.post<Vendor>('/api/vendors', vendor),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/vendors'] }),
  });
}
