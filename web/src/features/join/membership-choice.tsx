import type { Membership } from '@shared/schemas/team';
import { useNavigate } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ROLE_LABELS } from '@/features/organization';
import { errorDetail } from '@/lib/api-client';
import { useChooseMembership } from './api/membership';

/** What the page says about the person's standing, before the choices. */
function standingText(membership: Membership): string {
  if (membership.status === 'removed')
    return `You are no longer a member of ${membership.organizationName ?? 'your organization'}.`;
  if (membership.status === 'unverified')
    return 'Your e-mail address could not be checked, so no organization was chosen for you. An invitation can be accepted once the address is confirmed.';
  return 'An invitation is waiting for you. Choose where to go: nothing is decided until you do.';
}

/**
 * The choice of a signed-in person in no organization (removed, invited, or with an e-mail that cannot be
 * checked): join an organization that invited them ("Join Harborview as Approver", verified e-mail only)
 * or create their own. Nothing is created for them until they choose.
 */
export function MembershipChoice({ membership }: { membership: Membership }) {
  const choose = useChooseMembership();
  const navigate = useNavigate();
  const done = () => navigate({ to: '/', search: {}, replace: true });
  return (
    <main className="flex min-h-[70vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <Building2 className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Choose your organization</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{standingText(membership)}</p>
        <div className="mt-6 flex flex-col gap-3">
          {membership.emailVerified &&
            membership.invitations.map((invitation) => (
              <Button
                key={invitation.organizationId}
                // A long organization name wraps instead of being cut off.
                className="h-auto py-2 whitespace-normal"
                disabled={choose.isPending}
                onClick={() =>
                  choose.mutate(
                    { action: 'join', organizationId: invitation.organizationId },
                    { onSuccess: done },
                  )
                }
              >
                Join {invitation.organizationName} as {ROLE_LABELS[invitation.role] ?? invitation.role}
              </Button>
            ))}
          <Button
            variant="outline"
            disabled={choose.isPending}
            onClick={() => choose.mutate({ action: 'create' }, { onSuccess: done })}
          >
            Create your own organization
          </Button>
        </div>
        {choose.isError && (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
            {errorDetail(choose.error)}
          </p>
        )}
      </div>
    </main>
  );
}
