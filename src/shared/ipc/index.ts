export * from './contract';
export * from './views';
export * from './alarm-views';
