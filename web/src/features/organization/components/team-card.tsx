import type { Member } from '@shared/schemas/team';
import { UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { useMembers } from '@/features/organization/api/get-members';
import { useRemoveMember } from '@/features/organization/api/remove-member';
import { useUpdateMemberRole } from '@/features/organization/api/update-member-role';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_OPTIONS } from '@/features/organization/lib/team-rules';
import { errorDetail } from '@/lib/api-client';
import { useUser } from '@/lib/current-user';
import { personName } from '@/lib/utils';
import { InviteForm, roleSelectClass } from './invite-form';
import { PendingInvitations } from './pending-invitations';

function RoleSelect({ member }: { member: Member }) {
  const update = useUpdateMemberRole();
  const name = personName(member);
  const shown = update.isPending ? update.variables.role : member.role;
  return (
    <select
      aria-label={`Role of ${name}`}
      className={`${roleSelectClass} h-9 w-32`}
      value={shown}
      disabled={update.isPending}
      onChange={(e) => {
        const role = e.target.value as Member['role'];
        update.mutate(
          { userId: member.id, role },
          {
            onSuccess: () =>
              toast({
                title: 'Role updated',
                description: `${name}'s role is now ${ROLE_LABELS[role]}.`,
                variant: 'success',
              }),
            onError: (err) =>
              toast({
                title: 'Failed to update role',
                description: errorDetail(err),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      {ROLE_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function MembersSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading team...
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
    </div>
  );
}

/**
 * 'Team': the organization's members. Admins also change roles, remove people (never themselves),
 * invite by e-mail address and revoke pending invitations; members see the list read-only.
 */
export function TeamCard() {
  const members = useMembers();
  const { data: me } = useUser();
  const isAdmin = me?.role === 'ADMIN';
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>
          {isAdmin
            ? 'The people in your organization, their roles and pending invitations.'
            : 'The people in your organization. Ask an administrator to invite someone or change a role.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {members.isPending ? (
          <MembersSkeleton />
        ) : members.isError ? (
          <EmptyState icon={Users} tone="error" title="Failed to load team" className="py-8" />
        ) : (
          <Table>
            <caption className="sr-only">Team members</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead>Role</TableHead>
                {isAdmin ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.items.map((m) => {
                const name = personName(m);
                const isMe = m.id === me?.id;
                return (
                  <TableRow key={m.id}>
                    <TableCell>
                      <div className="flex min-w-0 items-center gap-3">
                        <UserAvatar firstName={m.firstName} lastName={m.lastName} email={m.email} />
                        <div className="min-w-0">
                          <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                            <span className="truncate">{name}</span>
                            {isMe ? <Badge tone="brand">You</Badge> : null}
                          </p>
                          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{m.email}</p>
                        </div>
                      </div>
                    </TableCell>
                    <TableCell>
                      {isAdmin ? (
                        <RoleSelect member={m} />
                      ) : (
                        <Badge tone={m.role === 'ADMIN' ? 'brand' : 'gray'}>{ROLE_LABELS[m.role]}</Badge>
                      )}
                    </TableCell>
                    {isAdmin ? (
                      <TableCell className="text-right">
                        {isMe ? null : (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${name}`}
                            onClick={() => setRemoving(m)}
                            className="text-red-600 hover:text-red-700 dark:text-red-400 dark:hover:text-red-300"
                          >
                            <UserMinus aria-hidden />
                            Remove
                          </Button>
                        )}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <dl className="grid gap-1 text-xs text-slate-500 sm:grid-cols-2 dark:text-slate-400">
          {ROLE_OPTIONS.map((o) => (
            <div key={o.value}>
              <dt className="inline font-medium text-slate-700 dark:text-slate-300">{o.label}: </dt>
              <dd className="inline">{ROLE_DESCRIPTIONS[o.value]}</dd>
            </div>
          ))}
        </dl>
        {isAdmin ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 border-t border-slate-200 pt-5 dark:border-slate-800">
            <InviteForm />
            <PendingInvitations />
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove member?"
        description={
          removing ? `${personName(removing)} will no longer have access to this organization.` : ''
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({
                title: 'Member removed',
                description: `${personName(removing)} was removed from the organization.`,
                variant: 'success',
              });
              setRemoving(null);
            },
            onError: (e) =>
              toast({
                title: 'Failed to remove member',
                description: errorDetail(e),
                variant: 'destructive',
              }),
          })
        }
      />
    </Card>
  );
}
