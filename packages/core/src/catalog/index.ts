export * from './product';
export * from './images';
