export * from './types';
export * from './model';
export * from './check';
export * from './tuples';
export * from './samples';
