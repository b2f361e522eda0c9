export * from './product';
export * from './images';
export * from './search';
