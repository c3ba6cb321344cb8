import { formatDate, shortId } from '@shared/format';
import type { Organization } from '@shared/schemas/entities';
import { Link } from '@tanstack/react-router';
import { Building, Building2, FileText, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganization } from './api/get-organization';
import { ApiUsageCard } from './components/api-usage-card';
import { OrganizationForm } from './components/organization-form';
import { TeamCard } from './components/team-card';
import { PLAN_LABELS, PLAN_TONES } from './lib/organization-rules';

const STATUS_LABELS: Record<Organization['status'], string> = {
  ACTIVE: 'Active',
  TRIAL: 'Trial',
  SUSPENDED: 'Suspended',
};

function Tile({
  label,
  value,
  icon: Icon,
  to,
}: {
  label: string;
  value: number;
  icon: typeof Users;
  to?: string;
}) {
  const body = (
    <>
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
        <Icon className="size-4.5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-xl font-bold text-slate-900 tabular-nums dark:text-white">
          {value.toLocaleString('en-US')}
        </span>
        <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">{label}</span>
      </span>
    </>
  );
  const cls =
    'flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 dark:border-slate-800 dark:bg-slate-950/40';
  return to ? (
    <Link
      to={to}
      className={`${cls} transition hover:border-brand-300 hover:bg-white dark:hover:border-brand-500/50`}
    >
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function OrganizationSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading organization...
      </span>
      <Card className="p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="mt-2 h-4 w-32" />
        <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(3,minmax(0,1fr))]">
        <Skeleton className="h-96 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

export function OrganizationPage() {
  const { data: org, isPending, isError } = useOrganization();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Organization Settings"
        description="Manage your organization settings and subscription"
      />
      {isPending ? (
        <OrganizationSkeleton />
      ) : isError || !org ? (
        <Card>
          <EmptyState icon={Building2} tone="error" title="Failed to load organization settings" />
        </Card>
      ) : (
        <>
          <Card>
            <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6 pt-5">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 items-center gap-4">
                  <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-lg font-bold text-white">
                    {org.name.slice(0, 1).toUpperCase()}
                  </span>
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold break-words text-slate-900 sm:truncate sm:text-xl dark:text-white">
                      {org.name}
                    </h2>
                    <p className="text-sm text-slate-500 dark:text-slate-400">
                      Organization ID: <span className="font-mono">{shortId(org.id)}</span>
                    </p>
                  </div>
                </div>
                <Badge tone={PLAN_TONES[org.plan]} className="self-start px-3 py-1 text-sm sm:self-center">
                  {PLAN_LABELS[org.plan]} Plan
                </Badge>
              </div>
              <section aria-label="Organization totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <Tile label="Users" value={org.stats.totalUsers} icon={Users} />
                <Tile label="Invoices" value={org.stats.totalInvoices} icon={FileText} to="/invoices" />
                <Tile label="Properties" value={org.stats.totalProperties} icon={Building} to="/properties" />
                <Tile label="Vendors" value={org.stats.totalVendors} icon={Store} to="/vendors" />
              </section>
            </CardContent>
          </Card>
          <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[repeat(3,minmax(0,1fr))]">
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 lg:col-span-2">
              <OrganizationForm organization={org} />
              <TeamCard />
            </div>
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
              <ApiUsageCard
                apiUsed={org.apiUsed}
                apiQuota={org.apiQuota}
                invoicesThisMonth={org.invoicesThisMonth}
                invoiceLimit={org.invoiceLimit}
              />
              <Card>
                <CardHeader>
                  <CardTitle>Organization Status</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="divide-y divide-slate-100 dark:divide-slate-800">
                    <StatusRow label="Status">
                      <Badge tone={org.status === 'SUSPENDED' ? 'red' : 'green'}>
                        {STATUS_LABELS[org.status] ?? org.status}
                      </Badge>
                    </StatusRow>
                    {org.trialEndsAt ? (
                      <StatusRow label="Trial Ends">{formatDate(org.trialEndsAt)}</StatusRow>
                    ) : null}
                    <StatusRow label="Created">{formatDate(org.createdAt)}</StatusRow>
                    <StatusRow label="Last Updated">{formatDate(org.updatedAt)}</StatusRow>
                  </dl>
                </CardContent>
              </Card>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
