export * from './companies';
export * from './helps';
export * from './plans';
export * from './queues';
export * from './settings';
export * from './users';
