export * from './common';
export * from './entities';
export * from './invoice';
