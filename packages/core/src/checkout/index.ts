export * from './rules';
export * from './order.schema';
export * from './instruction-steps';
export * from './origins';
