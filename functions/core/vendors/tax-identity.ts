import type { TinType, VendorTaxIdentity, VendorTaxIdentityInput } from '../../../shared/schemas';
import { ports } from '../ports';
import type { StoredTaxIdentity } from './vendor';

export type { StoredTaxIdentity } from './vendor';

/**
 * A vendor's tax identity, the one its 1099 is filed under. The TIN is a secret like an integration's
 * credentials: sealed under the organization's key before it is stored, answered masked by every API, and
 * opened only for an administrator's 1099 export (core/vendors/form-1099.ts).
 */

/** `***-**-6789` for an SSN, `**-***6789` for an EIN: the last 4 digits only, in the type's layout. */
export function maskedTin(type: TinType, last4: string): string {
  return type === 'SSN' ? `***-**-${last4}` : `**-***${last4}`;
}

/** The 9 digits written the way the type is: `123-45-6789` (SSN), `12-3456789` (EIN). */
export function formattedTin(type: TinType, digits: string): string {
  return type === 'SSN'
    ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
    : `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** The identity as the API answers it (TIN masked), or null for a vendor without one. */
export function taxIdentityView(stored: StoredTaxIdentity | null | undefined): VendorTaxIdentity | null {
  if (!stored) return null;
  return {
    legalName: stored.legalName,
    tinType: stored.tinType,
    tinMasked: stored.tinLast4 ? maskedTin(stored.tinType, stored.tinLast4) : null,
    entityType: stored.entityType,
    reports1099: stored.reports1099,
    form1099Box: stored.form1099Box,
  };
}

const isEmpty = (identity: StoredTaxIdentity) =>
  !identity.legalName && !identity.tinSealed && !identity.entityType && !identity.reports1099;

/**
 * The identity to store after a create or an edit: `input` absent keeps `before` (an edit that does not
 * know of tax identities loses nothing), null removes it, and an input without a TIN keeps the stored
 * one (the API never answers it in clear, so a form cannot send it back). A new TIN is sealed here.
 * An identity that says nothing at all (the form's empty section) is none.
 */
export async function storedTaxIdentity(
  orgId: string,
  input: VendorTaxIdentityInput | null | undefined,
  before: StoredTaxIdentity | null | undefined,
): Promise<StoredTaxIdentity | null> {
  if (input === undefined) return before ?? null;
  if (input === null) return null;
  const tin = input.tin
    ? { tinSealed: await ports().sealSecret(orgId, input.tin), tinLast4: input.tin.slice(-4) }
    : { tinSealed: before?.tinSealed ?? null, tinLast4: before?.tinLast4 ?? null };
  const identity: StoredTaxIdentity = {
    legalName: input.legalName,
    tinType: input.tinType,
    ...tin,
    entityType: input.entityType ?? null,
    reports1099: input.reports1099,
    form1099Box: input.form1099Box,
  };
  return isEmpty(identity) ? null : identity;
}

/** The full TIN, formatted, for an administrator's 1099 export only; null when none is stored. */
export async function clearTin(orgId: string, stored: StoredTaxIdentity | null | undefined) {
  if (!stored?.tinSealed) return null;
  const { tin } = await ports().openFields(orgId, { tin: stored.tinSealed }, ['tin']);
  return formattedTin(stored.tinType, tin);
}
