import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ToastProvider } from '@/components/ui/toaster';
import { toast } from '@/components/ui/use-toast';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { createAppRouter } from './router';

/** A 401 on a signed-in page: say so, then go through sign-in again after 500 ms. */
export function handleUnauthorized(redirect: (url: string) => void = (url) => window.location.assign(url)) {
  let fired = false;
  return () => {
    if (fired) return;
    fired = true;
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    setTimeout(() => redirect('/api/login'), LOGIN_REDIRECT_DELAY_MS);
  };
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  useEffect(() => {
    setUnauthorizedHandler(handleUnauthorized());
    return () => setUnauthorizedHandler(null);
  }, []);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
