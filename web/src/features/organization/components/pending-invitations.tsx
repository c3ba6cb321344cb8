import { formatDate } from '@shared/format';
import type { Invitation } from '@shared/schemas/team';
import { Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useInvitations } from '@/features/organization/api/get-invitations';
import { useResendInvitation } from '@/features/organization/api/resend-invitation';
import { useRevokeInvitation } from '@/features/organization/api/revoke-invitation';
import { ROLE_LABELS } from '@/features/organization/lib/team-rules';
import { errorDetail } from '@/lib/api-client';

/** A mutation's outcome as a toast: the success, or the failure with the server's reason. */
const toasts = (title: string, description: string, failure: string) => ({
  onSuccess: () => toast({ title, description, variant: 'success' }),
  onError: (e: unknown) => toast({ title: failure, description: errorDetail(e), variant: 'destructive' }),
});

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  const resend = useResendInvitation();
  const { email } = invitation;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          <Mail className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{email}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Invited by {invitation.invitedBy} on {formatDate(invitation.createdAt)} ·{' '}
            {invitation.expired ? (
              <span className="font-medium text-red-600 dark:text-red-400">Link expired</span>
            ) : (
              <>Link expires {formatDate(invitation.expiresAt)}</>
            )}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2 self-end sm:self-center">
        <Badge tone={invitation.role === 'ADMIN' ? 'brand' : 'gray'}>{ROLE_LABELS[invitation.role]}</Badge>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Resend invitation to ${email}`}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(
              email,
              toasts(
                'Invitation sent again',
                `${email} has a new link, valid for 7 days.`,
                'Failed to resend invitation',
              ),
            )
          }
        >
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Revoke invitation for ${email}`}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              email,
              toasts(
                'Invitation revoked',
                `${email} can no longer join by signing up.`,
                'Failed to revoke invitation',
              ),
            )
          }
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      </div>
    </li>
  );
}

/**
 * 'Pending invitations' (admins only): the addresses that join on sign-up, with when their e-mail's link
 * expires; each can be re-sent (a new link) or revoked.
 */
export function PendingInvitations() {
  const invitations = useInvitations();
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-1">
      <h3 id="invitations-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        Pending invitations
      </h3>
      {invitations.isPending ? (
        <div className="grid gap-2 py-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading invitations...
          </span>
          <Skeleton className="h-12 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
        </div>
      ) : invitations.isError ? (
        <p role="alert" className="py-3 text-sm text-red-600 dark:text-red-400">
          Failed to load invitations
        </p>
      ) : invitations.data.items.length === 0 ? (
        <p className="py-3 text-sm text-slate-500 dark:text-slate-400">No pending invitations</p>
      ) : (
        <ul aria-labelledby="invitations-heading" className="divide-y divide-slate-100 dark:divide-slate-800">
          {invitations.data.items.map((i) => (
            <InvitationRow key={i.email} invitation={i} />
          ))}
        </ul>
      )}
    </section>
  );
}
