export * from './contract';
export * from './views';
export * from './secure-transport';
