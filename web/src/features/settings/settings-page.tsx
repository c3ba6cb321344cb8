import { KeyRound, LayoutGrid, Plug, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/lib/current-user';
import { AdvancedTab } from './components/advanced-tab';
import { ApiKeysTab } from './components/api-keys-tab';
import { ApprovalsTab } from './components/approvals-tab';
import { IntegrationsTab } from './components/integrations-tab';
import { OverviewTab } from './components/overview-tab';

const TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutGrid },
  { value: 'integrations', label: 'Integrations', icon: Plug },
  { value: 'api-keys', label: 'API Keys', icon: KeyRound },
  { value: 'advanced', label: 'Advanced', icon: SlidersHorizontal },
  /** Administrators only. */
  { value: 'approvals', label: 'Approvals', icon: ShieldCheck },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** The tab named by the URL hash (`/settings#api-keys`), so a tab can be linked and survives reloads. */
function tabFromHash(): Tab {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return TABS.some((t) => t.value === hash) ? (hash as Tab) : 'overview';
}

export function SettingsPage() {
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const isAdmin = useUser().data?.role === 'ADMIN';
  const tabs = TABS.filter((t) => t.value !== 'approvals' || isAdmin);
  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const change = (value: string) => {
    const next = value as Tab;
    setTab(next);
    const url = `${window.location.pathname}${window.location.search}${next === 'overview' ? '' : `#${next}`}`;
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Settings" description="Manage your account, integrations and API access." />
      <Tabs value={tab} onValueChange={change} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label="Settings sections">
            {tabs.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                <t.icon className="size-4" aria-hidden />
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview">
          <OverviewTab onOpenTab={change} />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsTab />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="advanced">
          <AdvancedTab />
        </TabsContent>
        {isAdmin ? (
          <TabsContent value="approvals">
            <ApprovalsTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
