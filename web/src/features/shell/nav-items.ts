import {
  ChartColumn,
  FileSpreadsheet,
  FileText,
  House,
  LayoutDashboard,
  Settings,
  Store,
  Upload,
} from 'lucide-react';

export const NAV_ITEMS = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/invoices', label: 'Invoices', icon: FileText, badge: 'review' },
  { to: '/upload', label: 'Upload', icon: Upload },
  { to: '/vendors', label: 'Vendors', icon: Store },
  { to: '/properties', label: 'Properties', icon: House },
  { to: '/analytics', label: 'Analytics', icon: ChartColumn },
  { to: '/reports', label: 'Reports', icon: FileSpreadsheet },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;
