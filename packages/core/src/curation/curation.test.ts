import { describe, expect, it } from 'vitest';
import { curationRejectSchema, immediateChanges, partnerChangeNote, partnerProductBadge, sameCurated, splitPartnerEdit, type CuratedValues, type ImmediateValues } from './index';

const live: CuratedValues = { name: 'Keripik Tempe', description: 'Renyah', category_id: 1, image_cover: '/uploads/a.webp', images: ['/uploads/b.webp'] };
const both = { curate_new_products: true, curate_changes: true };
const neither = { curate_new_products: false, curate_changes: false };

describe('splitPartnerEdit', () => {
  it('holds a new product, inactive, when new products are curated', () => {
    const plan = splitPartnerEdit(both, { status: null, live: null, pending: null }, live);
    expect(plan).toEqual({ write: live, hold: { kind: 'new', proposed: live }, dropPending: false, status: 'pending', forceInactive: true });
  });

  it('lets a new product go live at once when new products are not curated', () => {
    const plan = splitPartnerEdit({ ...both, curate_new_products: false }, { status: null, live: null, pending: null }, live);
    expect(plan).toMatchObject({ write: live, hold: null, status: 'approved', forceInactive: false });
  });

  it('resubmits a rejected new product, and publishes it once new products are no longer curated', () => {
    const renamed = { ...live, name: 'Keripik Tempe Asli' };
    expect(splitPartnerEdit(both, { status: 'rejected', live, pending: null }, renamed)).toMatchObject({ write: renamed, hold: { kind: 'new' }, status: 'pending', forceInactive: true });
    expect(splitPartnerEdit(neither, { status: 'pending', live, pending: 'new' }, renamed)).toMatchObject({ write: renamed, hold: null, dropPending: true, status: 'approved' });
  });

  it('keeps the live values of an approved product while a change of them waits', () => {
    const proposed = { ...live, images: ['/uploads/c.webp'] };
    const plan = splitPartnerEdit(both, { status: 'approved', live, pending: null }, proposed);
    expect(plan).toEqual({ write: live, hold: { kind: 'change', proposed }, dropPending: false, status: 'approved', forceInactive: false });
    // Each curated field on its own is held.
    for (const patch of [{ name: 'X' }, { description: 'Y' }, { category_id: 2 }, { image_cover: null }, { images: [] }]) {
      expect(splitPartnerEdit(both, { status: 'approved', live, pending: null }, { ...live, ...patch }).hold?.kind).toBe('change');
    }
  });

  it('applies a change at once when changes are not curated, withdrawing a waiting one', () => {
    const proposed = { ...live, name: 'Baru' };
    expect(splitPartnerEdit({ ...both, curate_changes: false }, { status: 'approved', live, pending: 'change' }, proposed)).toEqual({ write: proposed, hold: null, dropPending: true, status: 'approved', forceInactive: false });
  });

  it('withdraws a waiting change when the save brings back the live values, and holds nothing when nothing curated changed', () => {
    expect(splitPartnerEdit(both, { status: 'approved', live, pending: 'change' }, { ...live })).toMatchObject({ write: live, hold: null, dropPending: true });
    expect(splitPartnerEdit(both, { status: 'approved', live, pending: null }, { ...live })).toMatchObject({ hold: null, dropPending: false });
  });

  it('compares images in order', () => {
    expect(sameCurated(live, { ...live, images: ['/uploads/b.webp'] })).toBe(true);
    expect(sameCurated({ ...live, images: ['a', 'b'] }, { ...live, images: ['b', 'a'] })).toBe(false);
  });
});

describe('immediateChanges', () => {
  const before: ImmediateValues = {
    price: 10000, reseller_price: 9000, discount: 0, stock: 5, size: null, notes: null, weight_grams: 250, local_only: false, ai_description: null, is_active: true, option_groups: [], size_variants: [],
  };
  it('writes one entry per kind with only the changed fields', () => {
    expect(immediateChanges(before, { ...before, price: 12000, stock: 7 })).toEqual([
      { kind: 'price', before: { price: 10000 }, after: { price: 12000 } },
      { kind: 'stock', before: { stock: 5 }, after: { stock: 7 } },
    ]);
    expect(immediateChanges(before, { ...before, weight_grams: 300 })).toEqual([{ kind: 'details', before: { weight_grams: 250 }, after: { weight_grams: 300 } }]);
    expect(immediateChanges(before, { ...before })).toEqual([]);
  });
  it("sees a variant's price and stock", () => {
    const v = { ...before, size_variants: [{ label: 'S', price: 1000, reseller_price: 1000, stock: 1 }] };
    const kinds = immediateChanges(v, { ...v, size_variants: [{ label: 'S', price: 1500, reseller_price: 1000, stock: 2 }] }).map((c) => c.kind);
    expect(kinds).toEqual(['price', 'stock']);
  });
});

describe('labels and reasons', () => {
  const curation = { status: 'approved' as const, rejection_reason: null, pending_change: null };
  it('badges a partner product', () => {
    expect(partnerProductBadge({ is_active: false, curation: { ...curation, status: 'pending' } }).text).toBe('Menunggu kurasi');
    expect(partnerProductBadge({ is_active: false, curation: { ...curation, status: 'rejected', rejection_reason: 'Foto buram' } }).text).toBe('Ditolak: Foto buram');
    expect(partnerProductBadge({ is_active: true, curation }).text).toBe('Aktif');
    expect(partnerProductBadge({ is_active: false, curation }).text).toBe('Nonaktif');
    expect(partnerChangeNote({ curation: { ...curation, pending_change: { kind: 'change', proposed: live, submitted_at: '' } } })).toBe('Perubahan menunggu kurasi');
    expect(partnerChangeNote({ curation: { ...curation, rejection_reason: 'Nama menyesatkan' } })).toBe('Perubahan ditolak: Nama menyesatkan');
  });
  it('requires a reason to reject', () => {
    expect(curationRejectSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe('Alasan penolakan wajib diisi.');
    expect(curationRejectSchema.safeParse({}).error?.issues[0]?.message).toBe('Alasan penolakan wajib diisi.');
    expect(curationRejectSchema.parse({ reason: ' Foto buram ' }).reason).toBe('Foto buram');
  });
});
