import type { InsuranceCertificate, InsuranceCertificateInput } from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import { firstVersion, itemKind, nextVersion, transact } from './entity';
import { keys } from './keys';
import { vendorStillThere } from './vendors';

/**
 * A vendor's insurance certificates (`VENDORCERT#<vendor>#<id>` in the organization's partition): the
 * organization's every certificate is one collection, a vendor's its share of it.
 */
const certificates = itemKind<InsuranceCertificate>()({
  key: keys.vendorCertificate,
  collection: (orgId: string, vendorId?: string) => ({
    PK: keys.orgPk(orgId),
    prefix: keys.vendorCertificatePrefix(vendorId),
  }),
  entity: 'VendorCertificate',
});

const listed = (orgId: string, vendorId?: string) =>
  certificates.list([orgId, vendorId], { ConsistentRead: true });

/** The vendor's certificates, oldest first. */
export const listVendorCertificates = (orgId: string, vendorId: string) => listed(orgId, vendorId);

/** Every certificate of the organization, by vendor id (what the vendor list's insurance column reads). */
export async function certificatesByVendor(orgId: string): Promise<Map<string, InsuranceCertificate[]>> {
  const byVendor = new Map<string, InsuranceCertificate[]>();
  for (const certificate of await listed(orgId)) {
    const list = byVendor.get(certificate.vendorId) ?? [];
    list.push(certificate);
    byVendor.set(certificate.vendorId, list);
  }
  return byVendor;
}

/** The certificate of this organization's vendor, or 404 (also for another organization's ids). */
export async function getVendorCertificate(
  orgId: string,
  vendorId: string,
  id: string,
): Promise<InsuranceCertificate> {
  const certificate = await certificates.find([orgId, vendorId, id], { consistent: true });
  if (!certificate) throw notFound('Certificate');
  return certificate;
}

export async function createVendorCertificate(
  orgId: string,
  vendorId: string,
  input: InsuranceCertificateInput,
): Promise<InsuranceCertificate> {
  const certificate: InsuranceCertificate = firstVersion({ vendorId, ...input });
  // The vendor must still exist when its certificate is written (a concurrent delete makes it 404).
  await transact(
    [
      vendorStillThere(orgId, vendorId),
      certificates.tx.put([orgId, vendorId, certificate.id], certificate, {
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ],
    () => notFound('Vendor'),
  );
  return certificate;
}

/** Replaces a certificate's fields unless someone changed it since `before` (409). */
export async function updateVendorCertificate(
  orgId: string,
  before: InsuranceCertificate,
  input: InsuranceCertificateInput,
): Promise<InsuranceCertificate> {
  const after = nextVersion(before, input);
  await transact(
    [
      vendorStillThere(orgId, before.vendorId),
      certificates.tx.put([orgId, after.vendorId, after.id], after, {
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      }),
    ],
    (reasons) =>
      reasons[0] === 'ConditionalCheckFailed'
        ? notFound('Vendor')
        : conflict('stale_version', 'This certificate was changed by someone else; reload it and try again'),
  );
  return after;
}

export async function deleteVendorCertificate(orgId: string, vendorId: string, id: string): Promise<void> {
  await certificates.delete([orgId, vendorId, id]);
}

/** Deletes every certificate of a vendor (the vendor itself was deleted). */
export async function deleteVendorCertificates(orgId: string, vendorId: string): Promise<void> {
  for (const certificate of await listed(orgId, vendorId))
    await deleteVendorCertificate(orgId, vendorId, certificate.id);
}
