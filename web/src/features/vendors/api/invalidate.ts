import type { QueryClient } from '@tanstack/react-query';
import { vendorsQueryKey } from './get-vendors';

/** After a vendor change: every vendor list, and the organization's vendor count. */
export function invalidateVendors(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: vendorsQueryKey }),
    qc.invalidateQueries({ queryKey: ['/api/organization/current'] }),
  ]);
}
