import { useNavigate, useSearch } from '@tanstack/react-router';
import { InvoiceDetailDialog } from '@/features/invoices';
import { useUser } from '@/lib/current-user';
import type { HomeSearch } from '@/lib/search';
import { QuickUpload } from './components/quick-upload';
import { RecentActivity } from './components/recent-activity';
import { RecentInvoices } from './components/recent-invoices';
import { NeedsReview, StatusOverview, WaitingForMe } from './components/side-panels';
import { StatsCards } from './components/stats-cards';

export function DashboardPage() {
  const search = useSearch({ strict: false }) as HomeSearch;
  const navigate = useNavigate();
  const role = useUser().data?.role;
  const close = () =>
    void navigate({
      to: '/',
      search: (prev: HomeSearch) => ({ ...prev, invoice: undefined }),
      replace: true,
    });

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <StatsCards />
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="lg:col-span-1">
          <QuickUpload />
        </div>
        <div className="lg:col-span-2">
          <RecentActivity />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="lg:col-span-1">
          <StatusOverview />
        </div>
        <div className="lg:col-span-2">
          <NeedsReview />
        </div>
      </div>
      {role === 'ADMIN' || role === 'APPROVER' ? <WaitingForMe /> : null}
      <RecentInvoices />
      <InvoiceDetailDialog
        invoiceId={search.invoice ?? null}
        open={Boolean(search.invoice)}
        onClose={close}
        onOpenInvoice={(id) =>
          void navigate({ to: '/', search: (prev: HomeSearch) => ({ ...prev, invoice: id }) })
        }
      />
    </div>
  );
}
