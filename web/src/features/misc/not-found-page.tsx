import { Link } from '@tanstack/react-router';
import { FileQuestionMark } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';

export function NotFoundPage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <main className="flex min-h-[70vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <FileQuestionMark className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Did you forget to add the page to the router?
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to="/" className={buttonClass('primary')}>
            {signedIn ? 'Back to Dashboard' : 'Back to Home'}
          </Link>
          {signedIn ? null : (
            <a href="/api/login" className={buttonClass('outline')}>
              Sign In
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
