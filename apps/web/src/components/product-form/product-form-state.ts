/**
 * The product form's values: what the inputs hold (text, as typed), how a product opens in them,
 * the labels an edit conflict compares by, and the body a save sends.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { Product } from '@pasar/core/catalog';
import { DEFAULT_WEIGHT_GRAMS, type ProductInput } from '@pasar/core/products';

/** The values the form opens with: a product as the API answers it. */
export type ProductFormValues = Pick<
  Product,
  | 'id' | 'version' | 'name' | 'description' | 'price' | 'reseller_price' | 'discount' | 'stock' | 'category_id' | 'business_id' | 'size' | 'notes'
  | 'weight_grams' | 'is_active' | 'local_only' | 'ai_description' | 'size_variants' | 'option_groups' | 'images' | 'image_cover'
>;

interface VariantRow {
  label: string;
  price: string;
  reseller_price: string;
  stock: string;
}
interface OptionRow {
  name: string;
  values: string;
}

export interface FormState {
  name: string;
  description: string;
  price: string;
  reseller_price: string;
  discount: string;
  stock: string;
  category_id: string;
  business_id: string;
  size: string;
  notes: string;
  weight_grams: string;
  is_active: boolean;
  local_only: boolean;
  ai_description: string;
  size_variants: VariantRow[];
  option_groups: OptionRow[];
  images: string[];
  image_cover: string;
}

/** The form as its sections receive it: inputs as text, the schema's output on submit. */
export type ProductForm = UseFormReturn<FormState, unknown, ProductInput>;

export function initial(product: ProductFormValues | null): FormState {
  if (!product) {
    return {
      name: '', description: '', price: '', reseller_price: '', discount: '0', stock: '0', category_id: '', business_id: '', size: '', notes: '',
      weight_grams: String(DEFAULT_WEIGHT_GRAMS), is_active: true, local_only: false, ai_description: '', size_variants: [], option_groups: [], images: [], image_cover: '',
    };
  }
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    reseller_price: String(product.reseller_price),
    discount: String(product.discount),
    stock: String(product.stock),
    category_id: String(product.category_id),
    business_id: product.business_id ? String(product.business_id) : '',
    size: product.size ?? '',
    notes: product.notes ?? '',
    weight_grams: String(product.weight_grams),
    is_active: product.is_active,
    local_only: product.local_only,
    ai_description: product.ai_description ?? '',
    size_variants: product.size_variants.map((v) => ({ label: v.label, price: String(v.price), reseller_price: String(v.reseller_price), stock: String(v.stock) })),
    option_groups: product.option_groups.map((g) => ({ name: g.name, values: g.values.join(', ') })),
    images: product.images,
    image_cover: product.image_cover ?? '',
  };
}

/** The fields an edit conflict compares, by their labels on the form (issue 31 item 16). */
export const conflictLabels: Partial<Record<keyof FormState, string>> = {
  name: 'Nama produk',
  description: 'Deskripsi',
  category_id: 'Kategori',
  business_id: 'Usaha mitra',
  price: 'Harga (Rp)',
  reseller_price: 'Harga reseller (Rp)',
  discount: 'Diskon (%)',
  stock: 'Stok',
  size: 'Ukuran/Kemasan',
  weight_grams: 'Berat (gram)',
  notes: 'Catatan',
  is_active: 'Aktif (tampil di katalog)',
  local_only: 'Hanya kirim lokal',
  ai_description: 'Deskripsi AI',
  size_variants: 'Varian ukuran',
  option_groups: 'Kelompok opsi',
  images: 'Gambar',
  image_cover: 'Gambar sampul',
};

/** The save's body: JSON, or multipart when files were picked (they travel beside the checked fields). */
export function productBody(json: Record<string, unknown>, cover: File | null, files: readonly File[]): Record<string, unknown> | FormData {
  if (!cover && files.length === 0) return json;
  const formData = new FormData();
  for (const [key, value] of Object.entries(json)) {
    if (value === null || value === undefined) continue;
    formData.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (cover) formData.append('image_cover', cover);
  for (const f of files) formData.append('images', f);
  return formData;
}
