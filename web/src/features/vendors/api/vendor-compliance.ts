import type {
  Form1099Report,
  InsuranceCertificate,
  InsuranceCertificateInput,
  Vendor,
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

/**
 * The vendor's insurance as the server answers it now: the edit dialog's copy of the vendor was read when
 * it opened, and a certificate added or deleted since changes the status (the key is under the vendors').
 */
export const useVendorInsurance = (vendor: Vendor) =>
  useQuery(
    queryOptions({
      queryKey: ['/api/vendors', vendor.id, 'insurance'] as const,
      queryFn: async ({ signal }) =>
        (await api.get<Vendor>(`/api/vendors/${encodeURIComponent(vendor.id)}`, { signal })).insurance,
      initialData: vendor.insurance,
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

const certificateFilePath = (vendorId: string, certificateId: string) =>
  `${certificatesPath(vendorId)}/${encodeURIComponent(certificateId)}/file`;

/** Attaches a file to the certificate, replacing the one attached (the server checks its bytes and size). */
export function useAttachCertificateFile(vendorId: string) {
  const refresh = useRefreshVendors();
  return useMutation({
    mutationFn: ({ certificateId, file }: { certificateId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.put<InsuranceCertificate>(certificateFilePath(vendorId, certificateId), form);
    },
    onSuccess: refresh,
  });
}

/** Downloads the certificate's attached file under its own name. */
export async function downloadCertificateFile(certificate: InsuranceCertificate): Promise<void> {
  const { blob, filename } = await fetchBlob(
    buildUrl(certificateFilePath(certificate.vendorId, certificate.id)),
  );
  saveBlob(blob, filename ?? certificate.file?.filename ?? 'certificate');
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
