export * from './roles';
export * from './accounts.schema';
export * from './password-reset.schema';
