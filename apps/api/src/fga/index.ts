export * from './authorizer';
export * from './samples';
export * from './access';
