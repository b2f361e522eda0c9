export * from './statuses';
export * from './admin';
