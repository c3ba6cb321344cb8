import { ulid } from 'ulid';
import {
  CERTIFICATE_FILE_TOO_LARGE_MESSAGE,
  MAX_CERTIFICATE_FILE_BYTES,
  type Vendor,
} from '../../../shared/schemas';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import {
  attachCertificateFile,
  certificatesByVendor,
  createVendorCertificate,
  deleteVendorCertificate,
  deleteVendorCertificates,
  getCertificateFile,
  getVendorCertificate,
  listVendorCertificates,
  moveVendorCertificates,
  updateVendorCertificate,
} from '../../adapters/dynamodb/vendor-certificates';
import {
  createVendor,
  deleteVendor,
  getVendor,
  listVendors,
  updateVendor,
  type VendorItem,
  withTotals,
} from '../../adapters/dynamodb/vendors';
import { logError } from '../../adapters/observability/logger';
import { certificateObjectKeyFor, deleteObject, getObjectBytes, putObject } from '../../adapters/s3/storage';
import { AppError } from '../../core/errors/app-error';
import { certificateFileOf } from '../../core/vendors/certificate-file';
import { insuranceStatus, isoToday } from '../../core/vendors/insurance';
import { mergeVendors } from '../../core/vendors/merge';
import { storedTaxIdentity, taxIdentityView } from '../../core/vendors/tax-identity';
import { forgetWhatWasLearned, whatWasLearned } from '../../core/vendors/what-was-learned';
import { readMultipartFile } from '../invoices/multipart';
import { actorNameOf } from '../lib/actor-name';
import { type IdRequest, resourceHandler } from '../lib/http';
import { vendorsContract } from './contract';

/**
 * Vendors as every route answers them: their live totals (from the invoice aggregates), their tax identity
 * with the TIN masked (the sealed TIN never leaves the table), and their insurance as of today.
 */
async function answered(orgId: string, items: VendorItem[]): Promise<Vendor[]> {
  const [withTotal, certificates] = await Promise.all([
    defaultCurrencyOf(orgId).then((currency) => withTotals(orgId, items, currency)),
    // One vendor reads its own certificates; a page reads the organization's in one query.
    items.length === 1
      ? listVendorCertificates(orgId, items[0].id).then((list) => new Map([[items[0].id, list]]))
      : certificatesByVendor(orgId),
  ]);
  const today = isoToday();
  return withTotal.map((vendor, index) => ({
    ...vendor,
    taxIdentity: taxIdentityView(items[index].taxIdentity),
    insurance: insuranceStatus(certificates.get(vendor.id) ?? [], today),
  }));
}

const one = async (orgId: string, item: VendorItem) => (await answered(orgId, [item]))[0];

/** The vendor's certificate (404 for another organization's vendor or certificate). */
async function certificateOf(request: IdRequest & { params: { certificateId: string } }) {
  const { orgId } = request.principal();
  const vendor = await getVendor(orgId, request.params.id);
  return { orgId, certificate: await getVendorCertificate(orgId, vendor.id, request.params.certificateId) };
}

/**
 * Deletes files nothing names any more (a deleted or replaced certificate's). The certificate is already
 * written without it: a failure leaves an orphan object, logged, never a certificate naming a lost file.
 */
async function deleteFiles(keys: readonly (string | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deleteObject(key).catch((error) => logError('Deleting a certificate file failed', error, { key }));
  }
}

export const handler = resourceHandler(vendorsContract, {
  'GET /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const page = await listVendors(orgId, request.query);
    return { ...page, items: await answered(orgId, page.items) };
  },

  'POST /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const { taxIdentity, ...fields } = request.body;
    const vendor = await createVendor(orgId, {
      ...fields,
      taxIdentity: await storedTaxIdentity(orgId, taxIdentity, null),
    });
    return one(orgId, vendor);
  },

  'GET /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    return one(orgId, await getVendor(orgId, request.params.id));
  },

  'PUT /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    // The id is checked (404) before the body (400), so another tenant's id learns nothing from validation.
    const before = await getVendor(orgId, request.params.id);
    const { version, taxIdentity, ...fields } = request.body;
    const after = await updateVendor(
      orgId,
      before,
      { ...fields, taxIdentity: await storedTaxIdentity(orgId, taxIdentity, before.taxIdentity) },
      version,
    );
    return one(orgId, after);
  },

  'GET /api/vendors/{id}/certificates': async (request) => {
    const { orgId } = request.principal();
    const vendor = await getVendor(orgId, request.params.id);
    return { items: await listVendorCertificates(orgId, vendor.id) };
  },

  'POST /api/vendors/{id}/certificates': async (request) => {
    const { orgId } = request.principal();
    const vendor = await getVendor(orgId, request.params.id);
    return createVendorCertificate(orgId, vendor.id, request.body);
  },

  'PUT /api/vendors/{id}/certificates/{certificateId}': async (request) => {
    const { orgId, certificate } = await certificateOf(request);
    return updateVendorCertificate(orgId, certificate, request.body);
  },

  'PUT /api/vendors/{id}/certificates/{certificateId}/file': async (request) => {
    // The ids are checked (404) before the body is read, so another tenant's ids learn nothing from it.
    const { orgId, certificate } = await certificateOf(request);
    const upload = await readMultipartFile(request.headers['content-type'], request.rawBody, {
      maxBytes: MAX_CERTIFICATE_FILE_BYTES,
      message: CERTIFICATE_FILE_TOO_LARGE_MESSAGE,
    });
    const file = certificateFileOf(upload);
    const key = certificateObjectKeyFor(orgId, certificate.id, ulid());
    await putObject(key, upload.bytes, file.contentType);
    try {
      const attached = await attachCertificateFile(orgId, certificate.vendorId, certificate.id, file, key);
      await deleteFiles([attached.replacedKey]);
      return attached.certificate;
    } catch (error) {
      await deleteFiles([key]);
      throw error;
    }
  },

  'GET /api/vendors/{id}/certificates/{certificateId}/file': async (request) => {
    const { orgId, certificate } = await certificateOf(request);
    const { file, key } = await getCertificateFile(orgId, certificate.vendorId, certificate.id);
    const bytes = await getObjectBytes(key).catch((error) => {
      if ((error as Error).name === 'NoSuchKey')
        throw new AppError('not_found', 'file_missing', 'The certificate file is not stored');
      throw error;
    });
    return {
      binary: Buffer.from(bytes),
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename.replace(/"/g, '')}"`,
        'x-content-type-options': 'nosniff',
      },
    };
  },

  'DELETE /api/vendors/{id}/certificates/{certificateId}': async (request) => {
    const { orgId, certificate } = await certificateOf(request);
    await deleteFiles([await deleteVendorCertificate(orgId, certificate.vendorId, certificate.id)]);
    return { status: 204 };
  },

  'POST /api/vendors/{id}/merge': async (request) => {
    const principal = request.principal();
    const targetId = request.params.id;
    const { sourceVendorId } = request.body;
    const merged = await mergeVendors(principal.orgId, targetId, sourceVendorId, {
      actor: principal.actorId,
      actorName: await actorNameOf(principal),
    });
    // The merged vendor is the same contractor: its certificates (and their files) now belong to the vendor kept.
    await moveVendorCertificates(principal.orgId, sourceVendorId, merged.id);
    return one(principal.orgId, merged);
  },

  'GET /api/vendors/{id}/memory': async (request) =>
    whatWasLearned(request.principal().orgId, request.params.id),

  'DELETE /api/vendors/{id}/memory': async (request) => {
    await forgetWhatWasLearned(request.principal().orgId, request.params.id);
    return { status: 204 };
  },

  'DELETE /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    await deleteVendor(orgId, request.params.id);
    await deleteFiles(await deleteVendorCertificates(orgId, request.params.id));
    return { status: 204 };
  },
});
