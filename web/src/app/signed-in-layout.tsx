import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/ui/spinner';

/** The shell is its own chunk, so a visitor on the landing page never downloads it. */
export const loadAppShell = () => import('@/features/shell/app-shell');

const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));

/** Every signed-in page, the 404 page included, sits in the shell (sidebar, header). */
export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <AppShell>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AppShell>
    </Suspense>
  );
}
