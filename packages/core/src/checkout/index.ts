export * from './rules';
export * from './order.schema';
