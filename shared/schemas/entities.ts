// The schemas of the organization's records, one module each; importers keep this one path.
export * from './analytics';
export * from './api-key';
export * from './category';
export * from './integration';
export * from './notification';
export * from './organization';
export * from './property';
export * from './vendor';
export * from './vendor-compliance';
export * from './webhook';
