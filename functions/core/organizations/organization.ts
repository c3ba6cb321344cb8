import type { Plan } from '../../../shared/constants';
import { AUTO_APPROVE_OFF, type AutoApprove, DEFAULT_CURRENCY } from '../../../shared/schemas';

export interface OrganizationItem {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  status: 'ACTIVE' | 'TRIAL' | 'SUSPENDED';
  /** When a free trial of `plan` ends (status TRIAL); see core/plans/trial. */
  trialEndsAt?: string;
  /** ISO 4217; absent on organizations created before the setting existed (then USD). */
  defaultCurrency?: string;
  /** Absent means off. */
  autoApprove?: AutoApprove;
  /** Whether a vendor's first invoice (none of its invoices approved yet) goes to review; absent means on. */
  reviewNewVendors?: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Local part of the invoice inbox address; set on first read (see inboxes.ts). */
  inboxLocalPart?: string;
  /** Senders the inbox accepts (addresses or domains); absent or empty accepts everyone. */
  inboxAllowedSenders?: string[];
  /** The organization's legal names (the buyer on its invoices); absent is none. */
  legalNames?: string[];
}

/** The organization's processing settings, with their defaults filled in. */
export function orgSettings(
  org: Pick<OrganizationItem, 'defaultCurrency' | 'autoApprove' | 'reviewNewVendors'>,
): {
  defaultCurrency: string;
  autoApprove: AutoApprove;
  reviewNewVendors: boolean;
} {
  return {
    defaultCurrency: org.defaultCurrency ?? DEFAULT_CURRENCY,
    autoApprove: org.autoApprove ?? AUTO_APPROVE_OFF,
    // An AP control: a vendor never paid before is checked by a person unless the organization says otherwise.
    reviewNewVendors: org.reviewNewVendors ?? true,
  };
}

/** One month's counted use of an organization (invoices processed, API calls). */
export interface Usage {
  invoices: number;
  apiCalls: number;
}
