import type { ApprovalRule, ApprovalRuleInput } from '@shared/schemas/approvals';
import type { Vendor } from '@shared/schemas/entities';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, ShieldCheck, Trash } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCategories, usePropertyOptions } from '@/features/invoices';
import { roleSelectClass, useMembers, useOrganization } from '@/features/organization';
import {
  ruleInputOf,
  useApprovalRules,
  useDeleteApprovalRule,
  useSaveApprovalRule,
} from '@/features/settings/api/approval-rules';
import { ruleApprovers, ruleConditions } from '@/features/settings/lib/approval-rules';
import { api, errorDetail, type Page } from '@/lib/api-client';
import { personName } from '@/lib/utils';

const useVendorOptions = () =>
  useQuery({
    queryKey: ['/api/vendors', 'options'] as const,
    queryFn: () => api.get<Page<Vendor>>('/api/vendors', { query: { limit: 100 } }),
  });

const multiClass = `${roleSelectClass} h-28 py-1`;
const selected = (e: FormEvent<HTMLSelectElement>) =>
  Array.from(e.currentTarget.selectedOptions, (o) => o.value);

/** Add or edit one rule: its conditions, how many approvals it needs and from whom. */
function RuleDialog({
  rule,
  open,
  onClose,
}: {
  /** null: a new rule. */
  rule: ApprovalRule | null;
  open: boolean;
  onClose: () => void;
}) {
  const save = useSaveApprovalRule();
  const members = useMembers();
  const properties = usePropertyOptions();
  const categories = useCategories();
  const vendors = useVendorOptions();
  const currency = useOrganization().data?.defaultCurrency ?? 'USD';
  const [form, setForm] = useState<ApprovalRuleInput>(() =>
    rule ? ruleInputOf(rule) : { name: '', approvalsRequired: 1 },
  );
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<ApprovalRuleInput>) => setForm((f) => ({ ...f, ...change }));
  const approvers = (members.data?.items ?? []).filter((m) => m.role === 'ADMIN' || m.role === 'APPROVER');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { id: rule?.id, body: form },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: rule ? 'Approval rule updated.' : 'Approval rule added.' });
          onClose();
        },
        onError: (err) => setError(errorDetail(err)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        wide
        title={rule ? 'Edit approval rule' : 'Add approval rule'}
        description="An invoice that meets every condition you set needs these approvals. Leave a condition empty to ignore it."
      >
        <form onSubmit={submit} noValidate className="grid gap-4 p-5 sm:grid-cols-2">
          <FormField id="rule-name" label="Name" className="sm:col-span-2">
            <Input
              id="rule-name"
              value={form.name}
              onChange={(e) => set({ name: e.target.value })}
              required
            />
          </FormField>
          <FormField
            id="rule-min"
            label={`Amount at least (${currency})`}
            hint={`In the organization's currency; an invoice in another currency always meets it (no exchange rate is applied). Empty: any amount`}
          >
            <Input
              id="rule-min"
              type="number"
              min={0}
              step="0.01"
              value={form.minAmount ?? ''}
              onChange={(e) => set({ minAmount: e.target.value === '' ? null : Number(e.target.value) })}
            />
          </FormField>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              checked={form.newVendor ?? false}
              onChange={(e) => set({ newVendor: e.target.checked })}
            />
            Only invoices from a new vendor
          </label>
          <div className="grid gap-2 sm:col-span-2">
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                checked={form.insuranceLapsed ?? false}
                onChange={(e) =>
                  set({
                    insuranceLapsed: e.target.checked,
                    ...(e.target.checked ? {} : { blockApproval: false }),
                  })
                }
              />
              Only invoices from a vendor whose insurance is missing or expired
            </label>
            <label className="flex items-center gap-2 pl-6 text-sm text-slate-700 has-disabled:opacity-60 dark:text-slate-300">
              <input
                type="checkbox"
                checked={form.blockApproval ?? false}
                disabled={!form.insuranceLapsed}
                onChange={(e) => set({ blockApproval: e.target.checked })}
              />
              Block approval until the vendor has a current insurance certificate
            </label>
          </div>
          <FormField id="rule-properties" label="Properties" hint="Ctrl/Cmd-click to choose several">
            <select
              id="rule-properties"
              multiple
              className={multiClass}
              value={form.propertyIds ?? []}
              onChange={(e) => set({ propertyIds: selected(e) })}
            >
              {(properties.data?.items ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="rule-vendors" label="Vendors">
            <select
              id="rule-vendors"
              multiple
              className={multiClass}
              value={form.vendorIds ?? []}
              onChange={(e) => set({ vendorIds: selected(e) })}
            >
              {(vendors.data?.items ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="rule-categories" label="Categories">
            <select
              id="rule-categories"
              multiple
              className={multiClass}
              value={form.categoryIds ?? []}
              onChange={(e) => set({ categoryIds: selected(e) })}
            >
              {(categories.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="rule-approvers" label="Named approvers" hint="Empty: anyone with the role below">
            <select
              id="rule-approvers"
              multiple
              className={multiClass}
              value={form.approverIds ?? []}
              onChange={(e) => set({ approverIds: selected(e) })}
            >
              {approvers.map((m) => (
                <option key={m.id} value={m.id}>
                  {personName(m)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="rule-required" label="Approvals required">
            <select
              id="rule-required"
              className={roleSelectClass}
              value={form.approvalsRequired}
              onChange={(e) => set({ approvalsRequired: Number(e.target.value) as 1 | 2 })}
            >
              <option value={1}>1 approval</option>
              <option value={2}>2 approvals (different people)</option>
            </select>
          </FormField>
          <FormField id="rule-role" label="Approver role">
            <select
              id="rule-role"
              className={roleSelectClass}
              value={form.approverRole ?? ''}
              onChange={(e) =>
                set({
                  approverRole: e.target.value === '' ? undefined : (e.target.value as 'APPROVER' | 'ADMIN'),
                })
              }
            >
              <option value="">
                {form.approverIds?.length ? 'Only the named approvers' : 'Approvers and admins'}
              </option>
              <option value="APPROVER">Approvers and admins</option>
              <option value="ADMIN">Admins only</option>
            </select>
          </FormField>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-600 sm:col-span-2 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save rule
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Approvals' (administrators): the ordered approval rules. The first rule an invoice meets when it
 * is ready for approval decides its steps; invoices no rule meets need one approval by an approver.
 */
export function ApprovalsTab() {
  const rules = useApprovalRules();
  const members = useMembers();
  const properties = usePropertyOptions();
  const categories = useCategories();
  const vendors = useVendorOptions();
  const org = useOrganization();
  const save = useSaveApprovalRule();
  const remove = useDeleteApprovalRule();
  const [editing, setEditing] = useState<ApprovalRule | null | 'new'>(null);
  const names = {
    people: new Map((members.data?.items ?? []).map((m) => [m.id, personName(m)])),
    properties: new Map((properties.data?.items ?? []).map((p) => [p.id, p.name])),
    vendors: new Map((vendors.data?.items ?? []).map((v) => [v.id, v.name])),
    categories: new Map((categories.data?.items ?? []).map((c) => [c.id, c.name])),
    currency: org.data?.defaultCurrency ?? 'USD',
  };
  const failed = (e: unknown) =>
    toast({ title: 'Error', description: errorDetail(e), variant: 'destructive' });
  const move = (rule: ApprovalRule, position: number) =>
    save.mutate({ id: rule.id, body: ruleInputOf(rule, position) }, { onError: failed });
  const items = rules.data?.items ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Approval rules</CardTitle>
          <CardDescription>
            When an invoice is ready for approval, the first rule it meets decides who must approve it.
            Invoices no rule meets need one approval by an approver. Changing a rule never changes invoices
            already waiting.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add rule
        </Button>
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : rules.isError ? (
          <EmptyState
            icon={ShieldCheck}
            tone="error"
            title="Failed to load approval rules"
            className="py-8"
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            title="No approval rules"
            description="Every invoice needs one approval by an approver."
            className="py-8"
          />
        ) : (
          <ol aria-label="Approval rules in order" className="grid gap-2">
            {items.map((rule, index) => (
              <li
                key={rule.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
              >
                <Badge tone="gray">{index + 1}</Badge>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 dark:text-white">{rule.name}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {ruleConditions(rule, names)}: {ruleApprovers(rule, names)}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Move ${rule.name} up`}
                  disabled={index === 0 || save.isPending}
                  onClick={() => move(rule, index - 1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Move ${rule.name} down`}
                  disabled={index === items.length - 1 || save.isPending}
                  onClick={() => move(rule, index + 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Edit ${rule.name}`}
                  onClick={() => setEditing(rule)}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete ${rule.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(rule.id, { onError: failed })}
                >
                  <Trash aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      {editing ? (
        <RuleDialog
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
