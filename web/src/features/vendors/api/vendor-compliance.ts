import type {
  Form1099Report,
  InsuranceCertificate,
  InsuranceCertificateInput,
} from '@shared/schemas/entities';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, fetchBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/utils';

/** Under the vendors' key: a certificate's change refreshes the list's insurance column too. */
export const certificatesQueryKey = (vendorId: string) => ['/api/vendors', vendorId, 'certificates'] as const;

const certificatesPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}/certificates`;

export const useCertificates = (vendorId: string) =>
  useQuery(
    queryOptions({
      queryKey: certificatesQueryKey(vendorId),
      queryFn: ({ signal }) =>
        api.get<{ items: InsuranceCertificate[] }>(certificatesPath(vendorId), { signal }),
    }),
  );

/** Invalidates the vendors' queries: the certificates, and the list whose insurance they decide. */
const useRefreshVendors = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['/api/vendors'] });
};

export function useAddCertificate(vendorId: string) {
  const refresh = useRefreshVendors();
  return useMutation({
    mutationFn: (body: InsuranceCertificateInput) =>
      api.post<InsuranceCertificate>(certificatesPath(vendorId), body),
    onSuccess: refresh,
  });
}

export function useDeleteCertificate(vendorId: string) {
  const refresh = useRefreshVendors();
  return useMutation({
    mutationFn: (certificateId: string) =>
      api.delete<void>(`${certificatesPath(vendorId)}/${encodeURIComponent(certificateId)}`),
    onSuccess: refresh,
  });
}

export const useForm1099Report = (year: number) =>
  useQuery(
    queryOptions({
      queryKey: ['/api/reports/1099', year] as const,
      queryFn: ({ signal }) => api.get<Form1099Report>('/api/reports/1099', { query: { year }, signal }),
    }),
  );

/** Downloads the year's CSV for a 1099 filing service (the server decides whether the TIN is in full). */
export async function download1099Csv(year: number): Promise<void> {
  const { blob, filename } = await fetchBlob(buildUrl('/api/reports/1099.csv', { year }));
  saveBlob(blob, filename ?? `1099-${year}.csv`);
}
