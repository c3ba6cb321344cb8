import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InsuranceCertificate, InsuranceCertificateInput } from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import { db, queryAll, tableName } from './client';
import { firstVersion, nextVersion, transact } from './entity';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

/** A vendor's insurance certificates (`VENDORCERT#<vendor>#<id>` in the organization's partition). */

const ENTITY = 'VendorCertificate';

const stored = (orgId: string, certificate: InsuranceCertificate) => ({
  ...keys.vendorCertificate(orgId, certificate.vendorId, certificate.id),
  entity: ENTITY,
  ...certificate,
});

const fromStored = (raw: Record<string, unknown>) => withoutKeys(raw) as unknown as InsuranceCertificate;

const listed = async (orgId: string, vendorId?: string) =>
  (
    await queryAll({
      ...sortKeyStartsWith(keys.orgPk(orgId), keys.vendorCertificatePrefix(vendorId)),
      ConsistentRead: true,
    })
  ).map(fromStored);

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
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.vendorCertificate(orgId, vendorId, id),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw notFound('Certificate');
  return fromStored(Item);
}

/** The vendor must still exist when its certificate is written (a concurrent delete makes it 404). */
const vendorStillThere = (orgId: string, vendorId: string) => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.entity(orgId, 'VENDOR', vendorId),
    ConditionExpression: 'attribute_exists(PK)',
  },
});

export async function createVendorCertificate(
  orgId: string,
  vendorId: string,
  input: InsuranceCertificateInput,
): Promise<InsuranceCertificate> {
  const certificate: InsuranceCertificate = firstVersion({ vendorId, ...input });
  await transact(
    [
      vendorStillThere(orgId, vendorId),
      {
        Put: {
          TableName: tableName(),
          Item: stored(orgId, certificate),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
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
      {
        Put: {
          TableName: tableName(),
          Item: stored(orgId, after),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
    ],
    (reasons) =>
      reasons[0] === 'ConditionalCheckFailed'
        ? notFound('Vendor')
        : conflict('stale_version', 'This certificate was changed by someone else; reload it and try again'),
  );
  return after;
}

export async function deleteVendorCertificate(orgId: string, vendorId: string, id: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.vendorCertificate(orgId, vendorId, id) }),
  );
}

/** Deletes every certificate of a vendor (the vendor itself was deleted). */
export async function deleteVendorCertificates(orgId: string, vendorId: string): Promise<void> {
  for (const certificate of await listed(orgId, vendorId))
    await deleteVendorCertificate(orgId, vendorId, certificate.id);
}
