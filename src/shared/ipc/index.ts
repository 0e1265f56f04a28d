export * from './contract';
export * from './views';
