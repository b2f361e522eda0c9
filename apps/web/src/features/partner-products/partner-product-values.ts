/** What the corner's forms send for a partner's product (issue 29, decision 055). */
import type { Product } from '@pasar/core/catalog';
import type { PartnerProduct } from '@pasar/core/curation';

/**
 * The values the partner edits: the live product with its waiting proposal laid over it, so a
 * new save carries the proposal forward instead of taking it back (a save that brings the live
 * values again withdraws it: decision 055).
 */
export function editableValues(p: PartnerProduct): Product {
  const proposed = p.curation.pending_change?.proposed;
  return proposed ? { ...p, ...proposed } : p;
}

/** The whole form of a product with a new price and stock: the quick edit saves through the same PUT and rules. */
export function quickEditBody(p: PartnerProduct, change: { price: number; stock: number; variants: { price: number; stock: number }[] }): Record<string, unknown> {
  const v = editableValues(p);
  return {
    name: v.name,
    description: v.description,
    price: change.price,
    reseller_price: v.reseller_price,
    discount: v.discount,
    stock: change.stock,
    is_active: v.is_active,
    category_id: v.category_id,
    size: v.size,
    notes: v.notes,
    weight_grams: v.weight_grams,
    local_only: v.local_only,
    ai_description: v.ai_description,
    size_variants: v.size_variants.map((s, i) => ({ ...s, price: change.variants[i]?.price ?? s.price, stock: change.variants[i]?.stock ?? s.stock })),
    option_groups: v.option_groups,
    images: v.images,
    image_cover: v.image_cover ?? '',
    version: p.version,
  };
}
