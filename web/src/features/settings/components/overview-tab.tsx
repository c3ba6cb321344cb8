import { Link } from '@tanstack/react-router';
import {
  Activity,
  Building2,
  ChevronRight,
  ClipboardList,
  KeyRound,
  Plug,
  ShieldCheck,
  Smartphone,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { InboxCard } from '@/features/organization';
import { lastActivityLabel } from '@/features/settings/lib/settings-rules';
import { useStats } from '@/features/stats';
import { useUser } from '@/lib/current-user';
import { ChangePasswordDialog } from './change-password-dialog';
import { TwoFactorDialog, useTotpEnabled } from './two-factor-dialog';

function LinkCard({
  to,
  icon: Icon,
  title,
  description,
}: {
  to: '/profile' | '/organization';
  icon: typeof UserRound;
  title: string;
  description: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500/50"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900 dark:text-white">{title}</span>
        <span className="block text-sm text-slate-500 dark:text-slate-400">{description}</span>
      </span>
      <ChevronRight
        className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600"
        aria-hidden
      />
    </Link>
  );
}

function StatRow({ icon: Icon, label, children }: { icon: typeof Plug; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Icon className="size-4 text-slate-400" aria-hidden />
        {label}
      </dt>
      <dd className="text-sm font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: string) => void }) {
  const stats = useStats();
  const { data: user } = useUser();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const totp = useTotpEnabled();
  const connected = stats.data?.connectedIntegrations ?? 0;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <LinkCard
          to="/profile"
          icon={UserRound}
          title="Profile"
          description="Your name, email address and avatar."
        />
        <LinkCard
          to="/organization"
          icon={Building2}
          title="Organization"
          description="Organization details, plan and API usage."
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Security
            </CardTitle>
            <CardDescription>Keep your account protected.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 md:flex-row md:items-center md:justify-between lg:flex-col lg:items-start dark:border-slate-800">
              <div className="flex items-start gap-3">
                <KeyRound className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <div>
                  <p className="text-sm font-medium text-slate-900 dark:text-white">Password</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Change the password you sign in with.
                  </p>
                </div>
              </div>
              <Button variant="outline" size="sm" onClick={() => setPasswordOpen(true)}>
                Change Password
              </Button>
            </div>
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 md:flex-row md:items-center md:justify-between lg:flex-col lg:items-start dark:border-slate-800">
              <div className="flex items-start gap-3">
                <Smartphone className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <div>
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                    Two-factor authentication
                    {totp.data === true ? <Badge tone="green">On</Badge> : null}
                    {totp.data === false ? <Badge tone="gray">Off</Badge> : null}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Ask for a code from an authenticator app at sign-in.
                  </p>
                </div>
              </div>
              <Button variant="outline" size="sm" onClick={() => setTwoFactorOpen(true)}>
                Two-Factor Authentication
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Activity className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Quick Stats
            </CardTitle>
            <CardDescription>Your workspace at a glance.</CardDescription>
          </CardHeader>
          <CardContent>
            {stats.isPending ? (
              <div className="grid gap-3">
                <Skeleton className="h-8 w-full" />
                <Skeleton className="h-8 w-full" />
              </div>
            ) : stats.isError ? (
              <p className="text-sm text-red-600 dark:text-red-400">Failed to load statistics</p>
            ) : (
              <dl className="divide-y divide-slate-100 dark:divide-slate-800">
                <StatRow icon={Plug} label="Integrations">
                  <button
                    type="button"
                    onClick={() => onOpenTab('integrations')}
                    className="rounded-sm text-brand-600 hover:underline dark:text-brand-400"
                  >
                    {connected} connected
                  </button>
                </StatRow>
                <StatRow icon={Activity} label="Last activity">
                  {lastActivityLabel(stats.data?.lastActivityAt)}
                </StatRow>
                <StatRow icon={ClipboardList} label="Invoices awaiting review">
                  {stats.data?.reviewQueue ?? 0}
                </StatRow>
              </dl>
            )}
          </CardContent>
        </Card>
      </div>
      <InboxCard manage={user?.role === 'ADMIN'} />
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      <TwoFactorDialog
        open={twoFactorOpen}
        onOpenChange={setTwoFactorOpen}
        email={user?.email ?? ''}
        enabled={totp.data === true}
      />
    </div>
  );
}
