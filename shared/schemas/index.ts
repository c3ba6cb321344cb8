export * from './approvals';
export * from './common';
export * from './entities';
export * from './invoice';
export * from './team';
