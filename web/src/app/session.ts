import type { User } from '@shared/schemas/entities';
import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { isMembershipRefusal } from '@/features/join/api/membership';
import { notifyUnauthorized } from '@/lib/api-client';
import { hasStoredSession, signOut } from '@/lib/auth';
import { userQueryKey, userQueryOptions } from '@/lib/current-user';

/**
 * The session decides which routes exist (spec §2). The root route's `beforeLoad` resolves it on every
 * navigation (from the query cache once known) and hands `user` to every route's context.
 */
export async function resolveSession(
  queryClient: QueryClient,
  location: ParsedLocation,
): Promise<{ user: User | null }> {
  const auth = (location.search as { auth?: unknown }).auth;
  if (location.pathname === '/' && auth === 'signedOut') {
    // Where /api/logout lands: sign out of Cognito, forget every cached answer, show the landing page.
    try {
      await signOut();
    } finally {
      queryClient.clear();
    }
    throw redirect({ to: '/', search: {}, replace: true });
  }
  // The cached user unless it was invalidated (signing in does that); a failed look-up keeps what was
  // known, as the query itself does.
  let refusedMembership = false;
  const user = await queryClient.fetchQuery(userQueryOptions()).catch((error) => {
    refusedMembership = isMembershipRefusal(error);
    return refusedMembership ? null : (queryClient.getQueryData<User | null>(userQueryKey) ?? null);
  });
  // Signed in but in no organization (removed, invited, or an e-mail that cannot be checked): the join
  // page says so and lets them choose; nothing was created for them.
  if (refusedMembership) {
    if (location.pathname !== '/join') throw redirect({ to: '/join', search: { token: '' }, replace: true });
    return { user: null };
  }
  // A stored session the API no longer accepts (expired, revoked): the user was logged out, which says so
  // and goes through sign-in again (`/api/login`), while the landing or 404 page shows.
  if (!user && hasStoredSession() && !auth) void signOut().finally(notifyUnauthorized);
  return { user };
}
