import { Link } from '@tanstack/react-router';
import { Building2, CalendarDays, Mail, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user-avatar';
import { ROLE_LABELS } from '@/features/organization';
import { personName } from '@/lib/utils';
import { useProfile } from './api/get-profile';
import { ProfileForm } from './components/profile-form';

/** 'Member Since': the creation date in the browser's locale. */
export function memberSince(createdAt: string | null | undefined): string {
  if (!createdAt) return 'N/A';
  const d = new Date(createdAt);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString();
}

function Detail({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-2 text-xs font-medium text-slate-500 dark:text-slate-400">
        <Icon className="size-3.5 shrink-0 text-slate-400" aria-hidden />
        {label}
      </dt>
      <dd className="truncate pl-5.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(3,minmax(0,1fr))]"
      aria-busy="true"
    >
      <span className="sr-only" role="status">
        Loading profile...
      </span>
      <Card className="p-6">
        <div className="flex flex-col items-center gap-3">
          <Skeleton className="size-20 rounded-full" />
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-4 w-48" />
        </div>
        <div className="mt-6 grid gap-4">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      </Card>
      <Card className="p-6 lg:col-span-2">
        <Skeleton className="h-5 w-32" />
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
        <Skeleton className="mt-5 h-16 w-full" />
      </Card>
    </div>
  );
}

export function ProfilePage() {
  const { data: user, isPending, isError } = useProfile();
  const fullName = user ? personName(user) : '';

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="User Profile" description="Manage your personal information and account settings" />
      {isPending ? (
        <ProfileSkeleton />
      ) : isError || !user ? (
        <Card>
          <EmptyState icon={UserRound} tone="error" title="Failed to load user profile" />
        </Card>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[repeat(3,minmax(0,1fr))]">
          <Card className="relative overflow-hidden">
            <div className="h-20 bg-gradient-to-r from-brand-500 to-violet-600" aria-hidden />
            <CardContent className="-mt-10 flex flex-col items-center pt-0 text-center">
              <UserAvatar
                firstName={user.firstName}
                lastName={user.lastName}
                email={user.email}
                imageUrl={user.profileImageUrl}
                className="size-20 text-2xl! ring-4 ring-white dark:ring-slate-900"
              />
              <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{fullName}</h2>
              <p className="max-w-full truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
              <Badge tone="brand" className="mt-2">
                {ROLE_LABELS[user.role] ?? user.role}
              </Badge>
            </CardContent>
            <CardContent>
              <dl className="grid gap-4 border-t border-slate-200 pt-5 dark:border-slate-800">
                <Detail icon={Mail} label="Email">
                  {user.email}
                </Detail>
                <Detail icon={Building2} label="Organization">
                  <Link to="/organization" className="text-brand-600 hover:underline dark:text-brand-400">
                    {user.organization.name}
                  </Link>
                </Detail>
                <Detail icon={ShieldCheck} label="Role">
                  {ROLE_LABELS[user.role] ?? user.role}
                </Detail>
                <Detail icon={CalendarDays} label="Member Since">
                  {memberSince(user.createdAt)}
                </Detail>
              </dl>
            </CardContent>
          </Card>
          <div className="lg:col-span-2">
            <ProfileForm user={user} />
          </div>
        </div>
      )}
    </div>
  );
}
