import { formatDate } from '@shared/format';
import { Link } from '@tanstack/react-router';
import { MailCheck, MailX } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { ROLE_LABELS } from '@/features/organization';
import { errorDetail } from '@/lib/api-client';
import { hasStoredSession } from '@/lib/auth';
import { useInvitationLink } from './api/get-invitation-link';
import { useMembership } from './api/membership';
import { MembershipChoice } from './membership-choice';

function Panel({
  icon,
  tone,
  children,
}: {
  icon: React.ReactNode;
  tone: 'ok' | 'bad';
  children: React.ReactNode;
}) {
  const iconTone =
    tone === 'ok'
      ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400'
      : 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-400';
  return (
    <main className="flex min-h-[70vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className={`mx-auto mb-4 grid size-12 place-items-center rounded-full ${iconTone}`}>{icon}</div>
        {children}
      </div>
    </main>
  );
}

/**
 * `/join?token=…`, the page an invitation e-mail links to. It shows who invited whom to which
 * organization, and sends the person to sign up (with the invited address) or sign in; a link that
 * expired, was revoked or replaced says so and what to do.
 */
export function JoinPage({ token }: { token: string }) {
  // A signed-in person is not offered "Create account": they choose what to join, or are told where they are.
  if (hasStoredSession()) return <SignedInJoin />;
  return <InvitationLink token={token} />;
}

/** The join page of a signed-in person: their standing, and the choice when they are in no organization. */
function SignedInJoin() {
  const membership = useMembership();
  if (membership.isPending) return <PageLoader />;
  if (membership.isError) {
    return (
      <Panel tone="bad" icon={<MailX className="size-6" aria-hidden />}>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Something went wrong</h1>
        <p role="alert" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {errorDetail(membership.error)}
        </p>
      </Panel>
    );
  }
  if (membership.data.status !== 'member') return <MembershipChoice membership={membership.data} />;
  return (
    <Panel tone="ok" icon={<MailCheck className="size-6" aria-hidden />}>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        You are a member of {membership.data.organizationName}
      </h1>
      <div className="mt-6 flex justify-center">
        <Link to="/" search={{}} className={buttonClass('primary')}>
          Go to the dashboard
        </Link>
      </div>
    </Panel>
  );
}

function InvitationLink({ token }: { token: string }) {
  const link = useInvitationLink(token);
  if (link.isPending) return <PageLoader />;
  if (link.isError) {
    return (
      <Panel tone="bad" icon={<MailX className="size-6" aria-hidden />}>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Invitation not available</h1>
        <p role="alert" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {errorDetail(link.error)}
        </p>
        <div className="mt-6 flex justify-center">
          <Link to="/" className={buttonClass('outline')}>
            Back to Home
          </Link>
        </div>
      </Panel>
    );
  }
  const invitation = link.data;
  return (
    <Panel tone="ok" icon={<MailCheck className="size-6" aria-hidden />}>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        Join {invitation.organizationName}
      </h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {invitation.invitedBy} invited <strong>{invitation.email}</strong> to join{' '}
        {invitation.organizationName} as {ROLE_LABELS[invitation.role] ?? invitation.role}.
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Create your account with this e-mail address to join. The invitation expires on{' '}
        {formatDate(invitation.expiresAt)}.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" search={{ auth: 'signUp' }} className={buttonClass('primary')}>
          Create account
        </Link>
        <Link to="/" search={{ auth: 'signIn' }} className={buttonClass('outline')}>
          Sign In
        </Link>
      </div>
    </Panel>
  );
}
