/**
 * The organization's reference data the workflow matches against, in one place so the repositories
 * can change without touching the states.
 */
export { listCategories as orgCategories } from '../../adapters/dynamodb/categories';
export { getOrganization as orgOrganization } from '../../adapters/dynamodb/organizations';
export { listAllProperties as orgProperties } from '../../adapters/dynamodb/properties';
export { listAllVendors as orgVendors } from '../../adapters/dynamodb/vendors';
