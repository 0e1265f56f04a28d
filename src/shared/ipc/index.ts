export * from './contract';
export * from './views';
export * from './fleet-admin-views';
export * from './alarm-views';
export * from './secure-transport';
