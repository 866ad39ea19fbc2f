export * from './authorizer';
export * from './samples';
export { documentAccess } from '@sentinel/service';
