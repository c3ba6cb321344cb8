import type { Role } from '@shared/schemas/entities';
import { useUser } from '@/lib/current-user';

/**
 * What a person may do by their role, as functions/api/lib/rights.ts decides it: screens offer only
 * that, so nobody is shown an action that ends in a 403. VIEWER reads; MEMBER also uploads, edits and
 * codes invoices and maintains vendors and properties; APPROVER also approves; ADMIN also manages the
 * team, settings, keys, webhooks and integrations.
 */
export interface Rights {
  /** Upload, edit, delete and reprocess invoices; maintain vendors and properties. */
  edit: boolean;
  /** Approve, reject, reopen and void invoices. */
  approve: boolean;
  /** The organization, its team, approval rules, API keys, webhooks and integrations. */
  administer: boolean;
}

/** Unknown (not loaded yet) leaves it to the server, as invoiceRightsOf does. */
export function rightsOf(role: Role | null | undefined): Rights {
  if (!role) return { edit: true, approve: true, administer: true };
  return {
    edit: role !== 'VIEWER',
    approve: role === 'ADMIN' || role === 'APPROVER',
    administer: role === 'ADMIN',
  };
}

/** The signed-in person's rights (from the cached current user). */
export function useRights(): Rights {
  return rightsOf(useUser().data?.role);
}

/** Where a viewer would find the upload drop zone. */
export const VIEWER_UPLOAD_NOTE =
  'Viewers can read invoices but not upload them. Ask an administrator if you need to upload.';
