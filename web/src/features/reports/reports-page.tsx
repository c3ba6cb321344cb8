import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Form1099ReportSection } from '@/features/vendors';
import { AgingTab } from './components/aging-tab';
import { CashRequirementsTab } from './components/cash-requirements-tab';
import { RecurringTab } from './components/recurring-tab';
import { SpendPerDoorTab } from './components/spend-per-door-tab';

const TABS = [
  { value: 'aging', label: 'Payables aging', Body: AgingTab },
  { value: 'cash', label: 'Cash requirements', Body: CashRequirementsTab },
  { value: 'spend', label: 'Spend per door', Body: SpendPerDoorTab },
  { value: 'recurring', label: 'Recurring bills', Body: RecurringTab },
  { value: '1099', label: '1099', Body: Form1099ReportSection },
] as const;

export type ReportTab = (typeof TABS)[number]['value'];

/**
 * The AP desk's weekly reports, one tab each. Only the open tab is mounted (Radix unmounts the
 * others), so a tab asks for its report when opened, and Print prints that report alone: the shell and
 * the controls are hidden in print (`print:hidden`).
 */
export function ReportsPage({ initialTab = 'aging' }: { initialTab?: ReportTab }) {
  const [tab, setTab] = useState<string>(initialTab);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Reports"
        description="Payables aging, cash requirements, spend per door, recurring bills and the 1099 report."
      />
      <Tabs value={tab} onValueChange={setTab} className="grid min-w-0 gap-4">
        <TabsList aria-label="Reports" className="w-full justify-start overflow-x-auto sm:w-fit print:hidden">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Body }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <Body />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
