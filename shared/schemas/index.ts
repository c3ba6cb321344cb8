export * from './approvals';
export * from './bulk';
export * from './common';
export * from './entities';
export * from './events';
export * from './invoice';
export * from './team';
export * from './vendor-memory';
