/**
 * The create/edit modal of the products screen with every field and rule of back-office spec §5:
 * prices in whole rupiah, discount 0–100 in steps of 0.1, stock, up to 3 size variants, option
 * groups, weight in grams, cover and extra images (JPG, PNG, WEBP). The shared schema checks the
 * form before sending; the server checks it again.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Product } from '@pasar/core/catalog';
import { applyDiscount } from '@pasar/core/pricing';
import { formatRupiah } from '@pasar/core/money';
import { DEFAULT_WEIGHT_GRAMS, MAX_SIZE_VARIANTS, productInputSchema, productMessages } from '@pasar/core/products';
import { Modal } from '../../components/modal';
import { ProductImage } from '../../components/product-image';
import {
  buttonStyles,
  CheckboxField,
  ErrorBanner,
  failureMessage,
  SelectField,
  serverFieldErrors,
  TextAreaField,
  TextField,
} from '../../components/admin/admin-ui';
import { useBusinessOptions, useCategoryOptions, useSaveProduct } from './api/products-api';

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

interface FormState {
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
  ai_description: string;
  variants: VariantRow[];
  options: OptionRow[];
  images: string[];
  image_cover: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

function initial(product: Product | null): FormState {
  if (!product) {
    return {
      name: '', description: '', price: '', reseller_price: '', discount: '0', stock: '0', category_id: '', business_id: '', size: '', notes: '',
      weight_grams: String(DEFAULT_WEIGHT_GRAMS), is_active: true, ai_description: '', variants: [], options: [], images: [], image_cover: '',
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
    ai_description: product.ai_description ?? '',
    variants: product.size_variants.map((v) => ({ label: v.label, price: String(v.price), reseller_price: String(v.reseller_price), stock: String(v.stock) })),
    options: product.option_groups.map((g) => ({ name: g.name, values: g.values.join(', ') })),
    images: product.images,
    image_cover: product.image_cover ?? '',
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">{title}</legend>
      {children}
    </fieldset>
  );
}

export function ProductFormModal({ product, onClose, onSaved, aiDescriptionTool }: {
  product: Product | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** The assistant's draft button (issue 7), composed by the screen. */
  aiDescriptionTool?: (apply: (text: string) => void, fields: { name: string; description: string }) => ReactNode;
}) {
  const [form, setForm] = useState<FormState>(() => initial(product));
  const [cover, setCover] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const categories = useCategoryOptions();
  const businesses = useBusinessOptions();
  const save = useSaveProduct();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setVariant = (i: number, patch: Partial<VariantRow>) => set('variants', form.variants.map((v, j) => (i === j ? { ...v, ...patch } : v)));
  const setOption = (i: number, patch: Partial<OptionRow>) => set('options', form.options.map((o, j) => (i === j ? { ...o, ...patch } : o)));

  const payload = () => ({
    name: form.name,
    description: form.description,
    price: form.price,
    reseller_price: form.reseller_price,
    discount: form.discount,
    stock: form.stock,
    category_id: form.category_id,
    business_id: form.business_id,
    size: form.size,
    notes: form.notes,
    weight_grams: form.weight_grams,
    is_active: form.is_active,
    ai_description: form.ai_description,
    size_variants: form.variants,
    option_groups: form.options,
    images: form.images,
    image_cover: form.image_cover,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const parsed = productInputSchema.safeParse(payload());
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      setBanner('Periksa kembali isian yang ditandai merah.');
      return;
    }
    setErrors({});
    const data = parsed.data;
    const json: Record<string, unknown> = { ...data, ...(product ? { version: product.version } : {}) };
    let body: Record<string, unknown> | FormData = json;
    if (cover || files.length > 0) {
      const formData = new FormData();
      for (const [key, value] of Object.entries(json)) {
        if (value === null || value === undefined) continue;
        formData.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      if (cover) formData.append('image_cover', cover);
      for (const f of files) formData.append('images', f);
      body = formData;
    }
    try {
      const result = await save.mutateAsync({ ...(product ? { id: product.id } : {}), body });
      onSaved(result.message ?? (product ? productMessages.updated : productMessages.created));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBanner(failureMessage(error, productMessages.saveFailed));
    }
  };

  const priceNumber = Number(form.price) || 0;
  const discountNumber = Number(form.discount.replace(',', '.')) || 0;

  return (
    <Modal title={product ? `Ubah produk: ${product.name}` : 'Tambah produk'} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <ErrorBanner message={banner} />
        <Section title="Informasi produk">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField id="product-name" label="Nama produk" value={form.name} error={errors.name} onChange={(e) => set('name', e.target.value)} maxLength={200} />
            </div>
            <div className="sm:col-span-2">
              <TextAreaField id="product-description" label="Deskripsi" value={form.description} error={errors.description} onChange={(e) => set('description', e.target.value)} rows={3} />
            </div>
            <SelectField id="product-category" label="Kategori" value={form.category_id} error={errors.category_id} onChange={(e) => set('category_id', e.target.value)}>
              <option value="">Pilih kategori</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.is_active ? '' : ' (nonaktif)'}
                </option>
              ))}
            </SelectField>
            <SelectField id="product-business" label="Usaha mitra" value={form.business_id} error={errors.business_id} onChange={(e) => set('business_id', e.target.value)}>
              <option value="">Tanpa usaha mitra</option>
              {businesses.data?.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <TextField id="product-size" label="Ukuran/Kemasan" value={form.size} error={errors.size} onChange={(e) => set('size', e.target.value)} />
            <TextField id="product-weight" label="Berat (gram)" type="number" min={1} step={1} inputMode="numeric" value={form.weight_grams} error={errors.weight_grams} onChange={(e) => set('weight_grams', e.target.value)} />
            <div className="sm:col-span-2">
              <TextAreaField id="product-notes" label="Catatan" value={form.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} rows={2} />
            </div>
            <CheckboxField id="product-active" label="Aktif (tampil di katalog)" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
          </div>
        </Section>

        <Section title="Harga dan stok">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField id="product-price" label="Harga (Rp)" type="number" min={1} step={1} inputMode="numeric" value={form.price} error={errors.price} onChange={(e) => set('price', e.target.value)} />
            <TextField id="product-reseller" label="Harga reseller (Rp)" type="number" min={0} step={1} inputMode="numeric" value={form.reseller_price} error={errors.reseller_price} hint="Kosongkan untuk memakai harga biasa." onChange={(e) => set('reseller_price', e.target.value)} />
            <TextField id="product-discount" label="Diskon (%)" type="number" min={0} max={100} step={0.1} inputMode="decimal" value={form.discount} error={errors.discount} hint={priceNumber > 0 && discountNumber > 0 ? `Harga setelah diskon: ${formatRupiah(applyDiscount(priceNumber, discountNumber))}` : undefined} onChange={(e) => set('discount', e.target.value)} />
            <TextField
              id="product-stock"
              label="Stok"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={form.variants.some((v) => v.label || v.price) ? String(form.variants.reduce((s, v) => s + (Number(v.stock) || 0), 0)) : form.stock}
              disabled={form.variants.some((v) => v.label || v.price)}
              hint={form.variants.some((v) => v.label || v.price) ? 'Dengan varian, stok produk adalah jumlah stok variannya.' : undefined}
              error={errors.stock}
              onChange={(e) => set('stock', e.target.value)}
            />
          </div>
        </Section>

        <Section title={`Varian ukuran (maksimal ${MAX_SIZE_VARIANTS})`}>
          {errors.size_variants && <p className="mb-2 text-sm text-red-700">{errors.size_variants}</p>}
          <div className="space-y-2">
            {form.variants.map((v, i) => (
              <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end">
                <TextField id={`variant-${i}-label`} label={`Varian ${i + 1}: nama`} value={v.label} onChange={(e) => setVariant(i, { label: e.target.value })} />
                <TextField id={`variant-${i}-price`} label="Harga" type="number" min={1} step={1} value={v.price} onChange={(e) => setVariant(i, { price: e.target.value })} />
                <TextField id={`variant-${i}-reseller`} label="Harga reseller" type="number" min={0} step={1} value={v.reseller_price} onChange={(e) => setVariant(i, { reseller_price: e.target.value })} />
                <TextField id={`variant-${i}-stock`} label="Stok" type="number" min={0} step={1} value={v.stock} onChange={(e) => setVariant(i, { stock: e.target.value })} />
                <button type="button" className={buttonStyles.danger} onClick={() => set('variants', form.variants.filter((_, j) => j !== i))} aria-label={`Hapus varian ${i + 1}`}>
                  Hapus
                </button>
              </div>
            ))}
          </div>
          {form.variants.length < MAX_SIZE_VARIANTS && (
            <button type="button" className={`${buttonStyles.small} mt-2`} onClick={() => set('variants', [...form.variants, { label: '', price: '', reseller_price: '', stock: '' }])}>
              + Tambah varian
            </button>
          )}
        </Section>

        <Section title="Kelompok opsi">
          {errors.option_groups && <p className="mb-2 text-sm text-red-700">{errors.option_groups}</p>}
          <div className="space-y-2">
            {form.options.map((o, i) => (
              <div key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <TextField id={`option-${i}-name`} label={`Opsi ${i + 1}: nama`} value={o.name} onChange={(e) => setOption(i, { name: e.target.value })} placeholder="Level pedas" />
                <TextField id={`option-${i}-values`} label="Nilai (pisahkan dengan koma)" value={o.values} onChange={(e) => setOption(i, { values: e.target.value })} placeholder="Original, Pedas" />
                <button type="button" className={buttonStyles.danger} onClick={() => set('options', form.options.filter((_, j) => j !== i))} aria-label={`Hapus opsi ${i + 1}`}>
                  Hapus
                </button>
              </div>
            ))}
          </div>
          <button type="button" className={`${buttonStyles.small} mt-2`} onClick={() => set('options', [...form.options, { name: '', values: '' }])}>
            + Tambah kelompok opsi
          </button>
        </Section>

        <Section title="Gambar (JPG, PNG, atau WEBP)">
          {errors.images && <p className="mb-2 text-sm text-red-700">{errors.images}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="product-cover" className="block text-sm font-semibold">
                Gambar sampul
              </label>
              {form.image_cover && !cover && (
                <div className="mt-1 flex items-center gap-2">
                  <ProductImage path={form.image_cover} alt="Sampul saat ini" className="h-16 w-20 rounded" />
                  <button type="button" className={buttonStyles.danger} onClick={() => set('image_cover', '')}>
                    Hapus sampul
                  </button>
                </div>
              )}
              <input id="product-cover" type="file" accept={ACCEPT} className="mt-1 block w-full text-sm" onChange={(e) => setCover(e.target.files?.[0] ?? null)} />
            </div>
            <div>
              <label htmlFor="product-images" className="block text-sm font-semibold">
                Gambar tambahan
              </label>
              {form.images.length > 0 && (
                <ul className="mt-1 flex flex-wrap gap-2">
                  {form.images.map((path) => (
                    <li key={path} className="relative">
                      <ProductImage path={path} alt="Gambar produk" className="h-16 w-20 rounded" />
                      <button type="button" className="absolute -right-1 -top-1 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white" aria-label="Hapus gambar ini" onClick={() => set('images', form.images.filter((p) => p !== path))}>
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <input id="product-images" type="file" accept={ACCEPT} multiple className="mt-1 block w-full text-sm" onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
            </div>
          </div>
        </Section>

        <Section title="Deskripsi untuk asisten belanja">
          <TextAreaField id="product-ai-description" label="Deskripsi AI" value={form.ai_description} error={errors.ai_description} onChange={(e) => set('ai_description', e.target.value)} rows={4} hint="Dipakai asisten belanja untuk menjawab pertanyaan pembeli." />
          {aiDescriptionTool?.((text) => set('ai_description', text), { name: form.name, description: form.description })}
        </Section>

        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-stone-200 bg-white pt-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Batal
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : 'Simpan produk'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
