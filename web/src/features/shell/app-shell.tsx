import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { LogOut, Menu, Search, Upload, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button, buttonClass } from '@/components/ui/button';
import { TooltipProvider } from '@/components/ui/tooltip';
import { UserAvatar } from '@/components/user-avatar';
import { NotificationBell } from '@/features/notifications';
import { useStats } from '@/features/stats';
import { useUser } from '@/lib/current-user';
import { rightsOf } from '@/lib/rights';
import { cn, personName } from '@/lib/utils';
import { NAV_ITEMS } from './nav-items';

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data: stats } = useStats();
  const { data: user } = useUser();
  const review = stats?.reviewQueue ?? 0;
  const fullName = user ? personName(user) : '';
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-5">
        <Link to="/" aria-label="InvoicePilot dashboard" onClick={onNavigate}>
          <Logo />
        </Link>
      </div>
      <nav aria-label="Primary" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                activeOptions={{ exact: item.to === '/', includeSearch: false }}
                className="group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[status=active]:bg-brand-500/15 dark:data-[status=active]:text-brand-200"
              >
                <item.icon className="size-4.5 shrink-0" aria-hidden />
                <span className="flex-1">{item.label}</span>
                {'badge' in item && review > 0 ? (
                  <span
                    className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-500/20 dark:text-red-300"
                    title={`${review} invoice${review === 1 ? '' : 's'} need review`}
                  >
                    <span className="sr-only">, </span>
                    {review}
                    <span className="sr-only"> need review</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <Link
          to="/profile"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <UserAvatar
            firstName={user?.firstName}
            lastName={user?.lastName}
            email={user?.email}
            imageUrl={user?.profileImageUrl}
          />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">
              {fullName}
            </span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
              Property Manager
            </span>
          </span>
        </Link>
      </div>
    </div>
  );
}

function HeaderSearch({ className }: { className?: string }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    void navigate({ to: '/invoices', search: q ? { q } : {} });
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor="header-search" className="sr-only">
        Search invoices
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        id="header-search"
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search invoices..."
        className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-brand-500/30 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100 dark:focus-visible:bg-slate-900"
      />
    </form>
  );
}

/**
 * The signed-in layout: sidebar (a drawer below 768 px), header, content. The tooltip provider
 * (700 ms open delay, 300 ms skip delay) lives here: the landing page has no tooltips.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { data: user } = useUser();
  const rights = rightsOf(user?.role);
  // Close the drawer whenever the route changes.
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }
  const TitleTag = pathname === '/' ? 'h1' : 'p';

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50 print:bg-white dark:bg-slate-950">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white md:block print:hidden dark:border-slate-800 dark:bg-slate-900">
          <SidebarNav />
        </aside>

        <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 md:hidden" />
            <DialogPrimitive.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-slate-200 bg-white shadow-xl md:hidden dark:border-slate-800 dark:bg-slate-900"
            >
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <DialogPrimitive.Close asChild>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="absolute top-4 right-3"
                  aria-label="Close navigation"
                >
                  <X aria-hidden />
                </Button>
              </DialogPrimitive.Close>
              <SidebarNav onNavigate={() => setDrawerOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>

        <div className="md:pl-64 print:pl-0">
          <header className="sticky top-0 z-20 border-b print:hidden border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-900/85">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-2 px-3 py-3 sm:gap-x-3 sm:px-6 lg:h-16 lg:flex-nowrap lg:py-0">
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label="Open navigation"
                onClick={() => setDrawerOpen(true)}
              >
                <Menu aria-hidden />
              </Button>
              <div className="min-w-0 flex-1 lg:flex-none">
                <TitleTag className="truncate text-lg leading-tight font-semibold text-slate-900 dark:text-white">
                  Dashboard
                </TitleTag>
                <p className="hidden truncate text-xs text-slate-500 sm:block dark:text-slate-400">
                  Welcome back{user?.firstName ? `, ${user.firstName}` : ''}! Here's what's happening with
                  your invoices.
                </p>
              </div>
              <HeaderSearch className="order-last w-full lg:order-none lg:mx-auto lg:max-w-sm" />
              <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
                <ThemeToggle />
                <NotificationBell />
                {rights.edit ? (
                  <Link
                    to="/upload"
                    className={buttonClass('primary', 'md', 'ml-1 px-2.5 sm:px-4')}
                    aria-label="Upload Invoice"
                  >
                    <Upload aria-hidden />
                    <span className="hidden sm:inline">Upload Invoice</span>
                  </Link>
                ) : null}
                <a
                  href="/api/logout"
                  className={buttonClass('ghost', 'md', 'px-2.5 sm:px-3')}
                  aria-label="Logout"
                >
                  <LogOut aria-hidden />
                  <span className="hidden sm:inline">Logout</span>
                </a>
              </div>
            </div>
          </header>
          <main id="content" className="mx-auto w-full max-w-[1400px] min-w-0 p-3 sm:p-6">
            {children}
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
