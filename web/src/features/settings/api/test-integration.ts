import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateIntegrations } from './create-integration';

/** The test answer; the server may add details (status code, latency). */
export interface IntegrationTestResult {
  ok?: boolean;
  success?: boolean;
  message?: string;
  status?: string;
}

export const testIntegration = (id: string) =>
  api.post<IntegrationTestResult | null>(`/api/integrations/${encodeURIComponent(id)}/test`);

/** Whether a test answer reports success (a 2xx without an explicit failure flag counts). */
export function testSucceeded(result: IntegrationTestResult | null | undefined): boolean {
  if (!result) return true;
  if (result.ok === false || result.success === false) return false;
  if (result.status === 'ERROR') return false;
  return true;
}

/** Tests the connection; the integration's status may change, so the list is refreshed either way. */
export function useTestIntegration() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: testIntegration, onSettled: () => invalidateIntegrations(qc) });
}
