import { formatDate } from '@shared/format';
import type { VendorInsurance } from '@shared/schemas/entities';
import type { BadgeTone } from '@/components/ui/badge';

/** The insurance badge of the vendor list: its words, tone and the full sentence screen readers get. */
export function insuranceBadge(insurance: VendorInsurance): {
  label: string;
  tone: BadgeTone;
  title: string;
} {
  const on = formatDate(insurance.expiresOn);
  switch (insurance.status) {
    case 'valid':
      return { label: 'Insured', tone: 'green', title: `Insured until ${on}` };
    case 'expiring':
      return { label: `Expires ${on}`, tone: 'amber', title: `Insurance expires on ${on}` };
    case 'expired':
      return { label: 'Expired', tone: 'red', title: `Insurance expired on ${on}` };
    default:
      return { label: 'No certificate', tone: 'gray', title: 'No insurance certificate on file' };
  }
}

/** This year and the four before it: the years a 1099 report is usually asked for. */
export const reportYears = (now = new Date()): number[] =>
  Array.from({ length: 5 }, (_, i) => now.getUTCFullYear() - i);
