import type {
  CertificateFile,
  InsuranceCertificate,
  InsuranceCertificateInput,
} from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import type { CertificateExpiryEntry } from '../../core/vendors/certificate-alert';
import { firstVersion, itemKind, nextVersion, type TransactItem, transact, tryTransact } from './entity';
import { keys } from './keys';
import { vendorStillThere } from './vendors';

/**
 * A vendor's insurance certificates (`VENDORCERT#<vendor>#<id>` in the organization's partition): the
 * organization's every certificate is one collection, a vendor's its share of it. Each certificate has an
 * expiry index item (`CERT_EXPIRY` / `<expiresOn>#<org>#<id>`) written in the same transaction, so the daily
 * expiry alerts read only the certificates whose dates come up (insurance-alerts.ts).
 */

/** As stored: the attached file's object key beside the certificate, never answered. */
type StoredCertificate = InsuranceCertificate & { fileKey?: string };

const certificates = itemKind<StoredCertificate>()({
  key: keys.vendorCertificate,
  collection: (orgId: string, vendorId?: string) => ({
    PK: keys.orgPk(orgId),
    prefix: keys.vendorCertificatePrefix(vendorId),
  }),
  entity: 'VendorCertificate',
});

const expiryIndex = itemKind<CertificateExpiryEntry>()({
  key: keys.certificateExpiry,
  indexes: { byDate: { partition: () => keys.certificateExpiryPk } },
  entity: 'CertificateExpiry',
  hidden: ['expiresAt'],
});

/** The index item outlives the expiry by this many days: the alert of a certificate that just expired reads it. */
const INDEX_KEPT_DAYS = 45;

function expiryPut(orgId: string, certificate: InsuranceCertificate): TransactItem {
  const entry: CertificateExpiryEntry = {
    orgId,
    vendorId: certificate.vendorId,
    certificateId: certificate.id,
    expiresOn: certificate.expiresOn,
  };
  const expiresAt =
    Math.floor(Date.parse(`${certificate.expiresOn}T00:00:00Z`) / 1000) + INDEX_KEPT_DAYS * 86_400;
  return expiryIndex.tx.put([certificate.expiresOn, orgId, certificate.id], { ...entry, expiresAt });
}

const expiryDelete = (orgId: string, certificate: Pick<InsuranceCertificate, 'id' | 'expiresOn'>) =>
  expiryIndex.tx.delete([certificate.expiresOn, orgId, certificate.id]);

/** The certificate as the API answers it: without its object key, `file` null when none is attached. */
const answered = ({ fileKey: _key, ...certificate }: StoredCertificate): InsuranceCertificate => ({
  ...certificate,
  file: certificate.file ?? null,
});

const listed = async (orgId: string, vendorId?: string) =>
  (await certificates.list([orgId, vendorId], { ConsistentRead: true })).map(answered);

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

async function stored(orgId: string, vendorId: string, id: string): Promise<StoredCertificate> {
  const certificate = await certificates.find([orgId, vendorId, id], { consistent: true });
  if (!certificate) throw notFound('Certificate');
  return certificate;
}

/** The certificate of this organization's vendor, or 404 (also for another organization's ids). */
export async function getVendorCertificate(
  orgId: string,
  vendorId: string,
  id: string,
): Promise<InsuranceCertificate> {
  return answered(await stored(orgId, vendorId, id));
}

/** The certificate's attached file and its object key, or 404 when none is attached. */
export async function getCertificateFile(
  orgId: string,
  vendorId: string,
  id: string,
): Promise<{ file: CertificateFile; key: string }> {
  const { file, fileKey } = await stored(orgId, vendorId, id);
  if (!file || !fileKey) throw notFound('Certificate file');
  return { file, key: fileKey };
}

export async function createVendorCertificate(
  orgId: string,
  vendorId: string,
  input: InsuranceCertificateInput,
): Promise<InsuranceCertificate> {
  const certificate: InsuranceCertificate = firstVersion({ vendorId, ...input, file: null });
  // The vendor must still exist when its certificate is written (a concurrent delete makes it 404).
  await transact(
    [
      vendorStillThere(orgId, vendorId),
      certificates.tx.put([orgId, vendorId, certificate.id], certificate, {
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
      expiryPut(orgId, certificate),
    ],
    () => notFound('Vendor'),
  );
  return certificate;
}

const staleOr404 = (reasons: (string | undefined)[]) =>
  reasons[0] === 'ConditionalCheckFailed'
    ? notFound('Vendor')
    : conflict('stale_version', 'This certificate was changed by someone else; reload it and try again');

/** Writes `after` over `before` unless someone changed it since (409), moving its expiry index item. */
async function replace(orgId: string, before: StoredCertificate, after: StoredCertificate) {
  await transact(
    [
      vendorStillThere(orgId, before.vendorId),
      certificates.tx.put([orgId, after.vendorId, after.id], after, {
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      }),
      ...(before.expiresOn === after.expiresOn ? [] : [expiryDelete(orgId, before)]),
      expiryPut(orgId, after),
    ],
    staleOr404,
  );
}

/** Replaces a certificate's fields unless someone changed it since `before` (409); its file stays. */
export async function updateVendorCertificate(
  orgId: string,
  before: InsuranceCertificate,
  input: InsuranceCertificateInput,
): Promise<InsuranceCertificate> {
  const current = await stored(orgId, before.vendorId, before.id);
  if (current.version !== before.version) throw staleOr404([]);
  const after = nextVersion(current, input);
  await replace(orgId, current, after);
  return answered(after);
}

/**
 * Names `file` (stored at `fileKey`) as the certificate's file; answers the certificate and the key of the
 * file it replaced, if any, which the caller deletes now that nothing names it.
 */
export async function attachCertificateFile(
  orgId: string,
  vendorId: string,
  id: string,
  file: CertificateFile,
  fileKey: string,
): Promise<{ certificate: InsuranceCertificate; replacedKey: string | undefined }> {
  const before = await stored(orgId, vendorId, id);
  const after: StoredCertificate = { ...nextVersion(before, { file }), fileKey };
  await replace(orgId, before, after);
  return { certificate: answered(after), replacedKey: before.fileKey };
}

/** Deletes a certificate with its index item; answers its file's object key, which the caller deletes. */
export async function deleteVendorCertificate(
  orgId: string,
  vendorId: string,
  id: string,
): Promise<string | undefined> {
  const certificate = await certificates.find([orgId, vendorId, id], { consistent: true });
  if (!certificate) return undefined;
  await transact([certificates.tx.delete([orgId, vendorId, id]), expiryDelete(orgId, certificate)]);
  return certificate.fileKey;
}

/** Deletes every certificate of a vendor (the vendor itself was deleted); answers their files' keys. */
export async function deleteVendorCertificates(orgId: string, vendorId: string): Promise<string[]> {
  const fileKeys: string[] = [];
  for (const certificate of await certificates.list([orgId, vendorId], { ConsistentRead: true })) {
    const key = await deleteVendorCertificate(orgId, vendorId, certificate.id);
    if (key) fileKeys.push(key);
  }
  return fileKeys;
}

/**
 * Moves the vendor's certificates to another vendor (a merge: the same contractor), each keeping its id,
 * its file and its expiry index item (which then names the vendor kept), in one transaction per certificate.
 */
export async function moveVendorCertificates(orgId: string, fromVendorId: string, toVendorId: string) {
  for (const certificate of await certificates.list([orgId, fromVendorId], { ConsistentRead: true })) {
    const moved: StoredCertificate = { ...certificate, vendorId: toVendorId };
    await transact(
      [
        vendorStillThere(orgId, toVendorId),
        certificates.tx.put([orgId, toVendorId, certificate.id], moved),
        certificates.tx.delete([orgId, fromVendorId, certificate.id]),
        expiryPut(orgId, moved),
      ],
      () => notFound('Vendor'),
    );
  }
}

/**
 * Writes the expiry index item of each of the organization's certificates that has none (those saved
 * before the index existed never got their alert until edited); answers how many it wrote. Idempotent:
 * a certificate whose item is there is left alone. Each item is written only while its certificate is
 * still the version read, so an edit in between (which writes its own item) is never undone by a stale date.
 */
export async function backfillCertificateExpiry(orgId: string): Promise<number> {
  let written = 0;
  for (const certificate of await certificates.list([orgId], { ConsistentRead: true })) {
    if (await expiryIndex.read([certificate.expiresOn, orgId, certificate.id], { consistent: true }))
      continue;
    const stillThisVersion = certificates.tx.check([orgId, certificate.vendorId, certificate.id], {
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': certificate.version },
    });
    if (await tryTransact([stillThisVersion, expiryPut(orgId, certificate)])) written++;
  }
  return written;
}

/**
 * Every organization's certificates expiring from `from` to `to` (ISO dates, both included), by expiry:
 * one range of the expiry index, however many organizations and certificates there are.
 */
export async function certificatesExpiringBetween(
  from: string,
  to: string,
): Promise<CertificateExpiryEntry[]> {
  const items = await expiryIndex.indexes.byDate().all({ range: { from, to: `${to}#\uffff` } });
  return items.map(expiryIndex.fromStored);
}
