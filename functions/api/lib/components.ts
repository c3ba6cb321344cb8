import { errorBodySchema } from '../../../shared/errors';
import {
  analyticsSchema,
  apiKeySchema,
  approvalRuleSchema,
  categorySchema,
  integrationSchema,
  invitationPreviewSchema,
  invitationSchema,
  invoiceSchema,
  memberSchema,
  organizationSchema,
  propertySchema,
  statsSchema,
  userSchema,
  vendorSchema,
  webhookSchema,
} from '../../../shared/schemas';

/**
 * Schemas the OpenAPI document shows as named components, for the route contracts to answer with. zod 4's
 * own `.meta({ id })` names them: schemas made before `extendZodWithOpenApi` would not have `.openapi()`,
 * and the shared ones are made at import time.
 */
export const named = {
  Error: errorBodySchema.meta({ id: 'Error' }),
  Invoice: invoiceSchema.meta({ id: 'Invoice' }),
  Vendor: vendorSchema.meta({ id: 'Vendor' }),
  Property: propertySchema.meta({ id: 'Property' }),
  Category: categorySchema.meta({ id: 'Category' }),
  Integration: integrationSchema.meta({ id: 'Integration' }),
  Webhook: webhookSchema.meta({ id: 'Webhook' }),
  ApiKey: apiKeySchema.meta({ id: 'ApiKey' }),
  User: userSchema.meta({ id: 'User' }),
  Organization: organizationSchema.meta({ id: 'Organization' }),
  Member: memberSchema.meta({ id: 'Member' }),
  Invitation: invitationSchema.meta({ id: 'Invitation' }),
  InvitationPreview: invitationPreviewSchema.meta({ id: 'InvitationPreview' }),
  ApprovalRule: approvalRuleSchema.meta({ id: 'ApprovalRule' }),
  Stats: statsSchema.meta({ id: 'Stats' }),
  Analytics: analyticsSchema.meta({ id: 'Analytics' }),
};
