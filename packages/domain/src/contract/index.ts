export * from './errors';
export * from './audit';
export * from './bodies';
export * from './chat';
export * from './responses';
export * from './routes';
export * from './pillars';
export * from './checks';
