/** The list page, form dialog and API hooks every managed entity (vendors, properties) is built from. */
export { defineEntity, type Entity, type EntityRow } from './api/entity-api';
export {
  type EntityDialogProps,
  EntityFormDialog,
  type EntityFormFields,
  type EntityFormProps,
} from './entity-form';
export { type Column, cellTone, Dash, EntityName, EntityPage } from './entity-page';
