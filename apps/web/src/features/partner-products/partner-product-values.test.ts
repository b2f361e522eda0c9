import { describe, expect, it } from 'vitest';
import { curatedOf, sameCurated, type PartnerProduct } from '@pasar/core/curation';
import { productUpdateSchema } from '@pasar/core/products';
import { editableValues, quickEditBody } from './partner-product-values';

const live: PartnerProduct = {
  id: 7, name: 'Sambal Roa', description: 'Pedas', price: 25000, reseller_price: 22000, discount: 0, stock: 4, is_active: true, category_id: 3,
  category: { id: 3, name: 'Makanan' }, business_id: 2, business: null, business_name: 'Dapur Bu Imas', size: '200 ml', notes: null,
  image_url: '/uploads/products/a.webp', image_cover: '/uploads/products/a.webp', images: [], weight_grams: 250, local_only: false, ai_status: false,
  ai_description: null, size_variants: [], option_groups: [{ name: 'Level', values: ['Sedang', 'Pedas'] }], created_at: '', updated_at: '', version: 5,
  curation: { status: 'approved', rejection_reason: null, pending_change: null },
};
const proposal = { name: 'Sambal Roa Asli', description: 'Pedas sekali', category_id: 4, image_cover: '/uploads/products/b.webp', images: ['/uploads/products/c.webp'] };
const waiting: PartnerProduct = { ...live, curation: { ...live.curation, pending_change: { kind: 'change', proposed: proposal, submitted_at: '' } } };

/** The curated values the server reads from a body (the images are kept as named). */
const curatedOfBody = (body: Record<string, unknown>) => {
  const parsed = productUpdateSchema.parse(body);
  return curatedOf({ ...parsed, image_cover: parsed.image_cover ?? null, images: parsed.images ?? [] });
};

describe("a partner's product values", () => {
  it('opens the form on the waiting proposal, laid over the live product', () => {
    expect(editableValues(waiting)).toMatchObject({ ...proposal, price: 25000, stock: 4, version: 5 });
    expect(editableValues(live)).toBe(live);
  });

  it('a quick price and stock edit carries the waiting proposal forward (it would otherwise withdraw it)', () => {
    const body = quickEditBody(waiting, { price: 26000, stock: 9, variants: [] });
    expect(sameCurated(curatedOfBody(body), proposal)).toBe(true);
    expect(productUpdateSchema.parse(body)).toMatchObject({ price: 26000, stock: 9, version: 5, reseller_price: 22000, size: '200 ml', option_groups: [{ name: 'Level', values: ['Sedang', 'Pedas'] }] });
    // Without a proposal, the live values go back unchanged: nothing is held.
    expect(sameCurated(curatedOfBody(quickEditBody(live, { price: 26000, stock: 9, variants: [] })), curatedOf(live))).toBe(true);
  });

  it("sets each variant's price and stock, its stock summing into the product's", () => {
    const withVariants: PartnerProduct = { ...live, size_variants: [{ label: 'Kecil', price: 15000, reseller_price: 14000, stock: 1 }, { label: 'Besar', price: 25000, reseller_price: 23000, stock: 2 }] };
    const parsed = productUpdateSchema.parse(quickEditBody(withVariants, { price: 25000, stock: 3, variants: [{ price: 16000, stock: 5 }, { price: 26000, stock: 0 }] }));
    expect(parsed.size_variants).toEqual([{ label: 'Kecil', price: 16000, reseller_price: 14000, stock: 5 }, { label: 'Besar', price: 26000, reseller_price: 23000, stock: 0 }]);
    expect(parsed.stock).toBe(5);
  });
});
