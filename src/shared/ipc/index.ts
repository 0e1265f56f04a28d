export * from './contract';
export * from './views';
export * from './fleet-admin-views';
