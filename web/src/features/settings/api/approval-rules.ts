import type { ApprovalRule, ApprovalRuleInput } from '@shared/schemas/approvals';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

const path = '/api/organization/approval-rules';
export const approvalRulesQueryKey = [path] as const;

export const approvalRulesQueryOptions = () =>
  queryOptions({
    queryKey: approvalRulesQueryKey,
    queryFn: ({ signal }) => api.get<Page<ApprovalRule>>(path, { signal }),
  });

export const useApprovalRules = () => useQuery(approvalRulesQueryOptions());

/** Adds (no id) or changes a rule; afterwards the list is read again (positions may all have moved). */
export function useSaveApprovalRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ApprovalRuleInput }) =>
      id
        ? api.put<ApprovalRule>(`${path}/${encodeURIComponent(id)}`, body)
        : api.post<ApprovalRule>(path, body),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalRulesQueryKey }),
  });
}

export function useDeleteApprovalRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${path}/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: approvalRulesQueryKey }),
  });
}

/** The body that keeps a rule as it is, optionally at another position (moving it up or down). */
export const ruleInputOf = (rule: ApprovalRule, position?: number): ApprovalRuleInput => ({
  name: rule.name,
  minAmount: rule.minAmount,
  propertyIds: rule.propertyIds,
  vendorIds: rule.vendorIds,
  categoryIds: rule.categoryIds,
  newVendor: rule.newVendor,
  insuranceLapsed: rule.insuranceLapsed ?? false,
  blockApproval: rule.blockApproval ?? false,
  approvalsRequired: rule.approvalsRequired,
  ...(rule.approverRole ? { approverRole: rule.approverRole } : {}),
  approverIds: rule.approverIds,
  ...(position === undefined ? {} : { position }),
});
