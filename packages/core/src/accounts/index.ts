export * from './roles';
export * from './accounts.schema';
