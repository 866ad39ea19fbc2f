export * from './authorizer';
export * from './samples';
