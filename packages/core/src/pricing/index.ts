/** Pricing (docs/requirements/storefront.md §4, back-office §9): unit prices in prices.ts, a sale's lines in lines.ts. */
export * from './prices';
export * from './lines';
