export * from './product';
export * from './images';
export * from './search';
export type * from './storefront';
