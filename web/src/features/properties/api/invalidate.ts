import type { QueryClient } from '@tanstack/react-query';
import { propertiesQueryKey } from './get-properties';

/** After a property change: every property query (lists, form options) and the organization's count. */
export function invalidateProperties(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: propertiesQueryKey }),
    qc.invalidateQueries({ queryKey: ['/api/organization/current'] }),
  ]);
}
