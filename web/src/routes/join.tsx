import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';

/**
 * `/join?token=…`, where an invitation e-mail's link lands: public (the person has no account yet), so
 * it sits beside the signed-in area rather than in it.
 */
export const Route = createFileRoute('/join')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: Join,
  errorComponent: (props) => <RouteError {...props} area="The invitation" />,
});

const JoinPage = lazyRouteComponent(() => import('@/features/join/join-page'), 'JoinPage');

function Join() {
  const { token } = Route.useSearch();
  return <JoinPage token={token} />;
}
