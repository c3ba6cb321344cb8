import { errorBodySchema } from '../../../shared/errors';
import {
  analyticsSchema,
  apiKeySchema,
  approvalRuleSchema,
  categorySchema,
  form1099ReportSchema,
  insuranceCertificateSchema,
  integrationSchema,
  invitationPreviewSchema,
  invitationSchema,
  invoiceSchema,
  memberSchema,
  membershipSchema,
  organizationSchema,
  propertySchema,
  statsSchema,
  userSchema,
  vendorMemorySchema,
  vendorSchema,
  webhookSchema,
} from '../../../shared/schemas';

/*
 * Schemas the OpenAPI document shows as named components, for the route contracts to answer with
 * (`import * as named`). zod 4's own `.meta({ id })` names them: schemas made before `extendZodWithOpenApi`
 * would not have `.openapi()`, and the shared ones are made at import time. Each is its own export marked
 * pure, so a handler's bundle keeps only the components its own contract answers with.
 */
export const ErrorBody = /* @__PURE__ */ errorBodySchema.meta({ id: 'Error' });
export const Invoice = /* @__PURE__ */ invoiceSchema.meta({ id: 'Invoice' });
export const Vendor = /* @__PURE__ */ vendorSchema.meta({ id: 'Vendor' });
export const InsuranceCertificate = /* @__PURE__ */ insuranceCertificateSchema.meta({
  id: 'InsuranceCertificate',
});
export const Form1099Report = /* @__PURE__ */ form1099ReportSchema.meta({ id: 'Form1099Report' });
export const VendorMemory = /* @__PURE__ */ vendorMemorySchema.meta({ id: 'VendorMemory' });
export const Property = /* @__PURE__ */ propertySchema.meta({ id: 'Property' });
export const Category = /* @__PURE__ */ categorySchema.meta({ id: 'Category' });
export const Integration = /* @__PURE__ */ integrationSchema.meta({ id: 'Integration' });
export const Webhook = /* @__PURE__ */ webhookSchema.meta({ id: 'Webhook' });
export const ApiKey = /* @__PURE__ */ apiKeySchema.meta({ id: 'ApiKey' });
export const User = /* @__PURE__ */ userSchema.meta({ id: 'User' });
export const Organization = /* @__PURE__ */ organizationSchema.meta({ id: 'Organization' });
export const Member = /* @__PURE__ */ memberSchema.meta({ id: 'Member' });
export const Invitation = /* @__PURE__ */ invitationSchema.meta({ id: 'Invitation' });
export const InvitationPreview = /* @__PURE__ */ invitationPreviewSchema.meta({ id: 'InvitationPreview' });
export const Membership = /* @__PURE__ */ membershipSchema.meta({ id: 'Membership' });
export const ApprovalRule = /* @__PURE__ */ approvalRuleSchema.meta({ id: 'ApprovalRule' });
export const Stats = /* @__PURE__ */ statsSchema.meta({ id: 'Stats' });
export const Analytics = /* @__PURE__ */ analyticsSchema.meta({ id: 'Analytics' });
