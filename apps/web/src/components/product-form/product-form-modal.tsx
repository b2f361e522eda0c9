/**
 * The product create/edit modal with every field and rule of docs/requirements/back-office.md §5:
 * prices in whole rupiah, discount 0–100 in steps of 0.1, stock, up to 3 size variants, option
 * groups, weight in grams, cover and extra images (JPG, PNG, WEBP). The shared schema checks the
 * form before sending; the server checks it again.
 *
 * One form for the back office's products screen and the partner's corner (issue 29: "the same form
 * and rules as the admin's"): each screen hands it its options and its save call. Without a list of
 * businesses the business select is not shown (a partner's product is always its own).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { Product } from '@pasar/core/catalog';
import { applyDiscount } from '@pasar/core/pricing';
import { formatRupiah } from '@pasar/core/money';
import { DEFAULT_WEIGHT_GRAMS, MAX_SIZE_VARIANTS, productInputSchema, productMessages, type ProductInput } from '@pasar/core/products';
import { Modal } from '../modal';
import { ProductImage } from '../product-image';
import { buttonStyles, FormActions, ErrorBanner } from '../admin/admin-ui';
import { draftRestoredMessage, failureMessage, Field, firstErrorUnder, setServerErrors, showValue, useEditConflict, useFormDraft, useZodForm } from '../form';

/** The values the form opens with: a product as the API answers it. */
export type ProductFormValues = Pick<
  Product,
  | 'id' | 'version' | 'name' | 'description' | 'price' | 'reseller_price' | 'discount' | 'stock' | 'category_id' | 'business_id' | 'size' | 'notes'
  | 'weight_grams' | 'is_active' | 'local_only' | 'ai_description' | 'size_variants' | 'option_groups' | 'images' | 'image_cover'
>;

/** The screen's save: POST when there is no id, PUT otherwise; JSON or multipart. */
export interface ProductSave {
  mutateAsync: (args: { id?: number; body: Record<string, unknown> | FormData }) => Promise<{ message?: string }>;
  isPending: boolean;
}

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
  local_only: boolean;
  ai_description: string;
  size_variants: VariantRow[];
  option_groups: OptionRow[];
  images: string[];
  image_cover: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The name a kept draft of this dialog goes by (use-form-draft.ts); the path tells the back office's from the partner's. */
export const PRODUCT_DRAFT = 'product';

function initial(product: ProductFormValues | null): FormState {
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
const conflictLabels: Partial<Record<keyof FormState, string>> = {
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">{title}</legend>
      {children}
    </fieldset>
  );
}

export function ProductFormModal({ product, title, categories, businesses, save, notice, onClose, onSaved, aiDescriptionTool, loadLatest }: {
  product: ProductFormValues | null;
  /** Defaults to "Tambah produk" / "Ubah produk: <name>". */
  title?: string;
  categories: readonly { id: number; name: string; is_active?: boolean }[] | undefined;
  /** The business select's options; absent: the select is not shown and no business is sent. */
  businesses?: readonly { id: number; name: string }[] | undefined;
  save: ProductSave;
  /** A line above the fields (the partner's corner says what waits for curation). */
  notice?: ReactNode;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** The assistant's draft button (issue 7), composed by the screen. */
  aiDescriptionTool?: (apply: (text: string) => void, fields: { name: string; description: string }) => ReactNode;
  /** The product as the server now holds it, for an edit conflict (issue 31 item 16); without it a lost race shows the server's message. */
  loadLatest?: (id: number) => Promise<ProductFormValues | null>;
}) {
  // The inputs hold the payload's own shape (as text), so the schema's issue paths are the field names.
  const form = useZodForm(productInputSchema, { defaultValues: initial(product) });
  const { errors } = form.formState;
  const variants = useFieldArray({ control: form.control, name: 'size_variants' });
  const options = useFieldArray({ control: form.control, name: 'option_groups' });
  // Files picked for upload travel beside the checked fields (multipart); the schema never sees them.
  const [cover, setCover] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  // Issue 31 item 18: a session that runs out keeps the typing (not the picked images); the screen reopens this dialog with it.
  const draft = useFormDraft(form, PRODUCT_DRAFT, product?.id ?? null);
  const [restored] = useState(() => draft !== null && draft.recordId === (product?.id ?? null));
  useEffect(() => {
    if (restored && draft) form.reset(draft.values, { keepDefaultValues: true });
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const withBusiness = businesses !== undefined;
  const field = (name: 'name' | 'description' | 'price' | 'reseller_price' | 'discount' | 'stock' | 'category_id' | 'business_id' | 'size' | 'notes' | 'weight_grams' | 'ai_description') => ({
    error: errors[name]?.message,
    ...form.register(name),
  });
  const conflict = useEditConflict<FormState>({
    version: product?.version,
    loadLatest: async () => {
      const latest = product && loadLatest ? await loadLatest(product.id) : null;
      return latest ? { values: initial(latest), version: latest.version } : null;
    },
    labels: conflictLabels,
    show: {
      category_id: (v) => categories?.find((c) => String(c.id) === String(v))?.name ?? showValue(v),
      business_id: (v) => businesses?.find((b) => String(b.id) === String(v))?.name ?? showValue(v),
    },
  });
  const [name, description, price, discount, variantRows, imageCover, images] = form.watch(['name', 'description', 'price', 'discount', 'size_variants', 'image_cover', 'images']);

  const submit = async (data: ProductInput) => {
    const { business_id, ...rest } = data;
    const json: Record<string, unknown> = { ...rest, ...(withBusiness ? { business_id } : {}), ...(product ? { version: conflict.version() } : {}) };
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
      conflict.dismiss();
      const result = await save.mutateAsync({ ...(product ? { id: product.id } : {}), body });
      onSaved(result.message ?? (product ? productMessages.updated : productMessages.created));
    } catch (error) {
      if (loadLatest && conflict.caught(error, form)) return;
      setServerErrors(error, form.setError);
      setBanner(failureMessage(error, productMessages.saveFailed));
    }
  };

  const priceNumber = Number(price) || 0;
  const discountNumber = Number(discount.replace(',', '.')) || 0;
  const withVariants = variantRows.some((v) => v.label || v.price);
  const variantsError = firstErrorUnder(errors, 'size_variants');
  const optionsError = firstErrorUnder(errors, 'option_groups');
  const imagesError = firstErrorUnder(errors, 'images');

  return (
    <Modal title={title ?? (product ? `Ubah produk: ${product.name}` : 'Tambah produk')} onClose={onClose} wide guardEdits>
      <form
        onSubmit={(e) => {
          setBanner(null);
          void form.handleSubmit(submit, () => setBanner('Periksa kembali isian yang ditandai merah.'))(e);
        }}
        noValidate
        className="space-y-4"
      >
        <ErrorBanner message={banner} />
        {restored && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{draftRestoredMessage}</p>}
        {conflict.panel}
        {notice}
        <Section title="Informasi produk">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field id="product-name" label="Nama produk" maxLength={200} {...field('name')} />
            </div>
            <div className="sm:col-span-2">
              <Field as="textarea" id="product-description" label="Deskripsi" rows={3} {...field('description')} />
            </div>
            {/* Controlled selects: their options arrive after the form, and the stored choice must show once they do. */}
            <Field as="select" id="product-category" label="Kategori" value={form.watch('category_id')} {...field('category_id')}>
              <option value="">Pilih kategori</option>
              {categories?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.is_active ? '' : ' (nonaktif)'}
                </option>
              ))}
            </Field>
            {withBusiness && (
              <Field as="select" id="product-business" label="Usaha mitra" value={form.watch('business_id')} {...field('business_id')}>
                <option value="">Tanpa usaha mitra</option>
                {businesses.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </Field>
            )}
            <Field id="product-size" label="Ukuran/Kemasan" {...field('size')} />
            <Field id="product-weight" label="Berat (gram)" type="number" min={1} step={1} inputMode="numeric" {...field('weight_grams')} />
            <div className="sm:col-span-2">
              <Field as="textarea" id="product-notes" label="Catatan" rows={2} {...field('notes')} />
            </div>
            <Field id="product-active" type="checkbox" label="Aktif (tampil di katalog)" {...form.register('is_active')} />
            <Field id="product-local-only" type="checkbox" label="Hanya kirim lokal (kurir lokal saja, mis. produk dingin)" {...form.register('local_only')} />
          </div>
        </Section>

        <Section title="Harga dan stok">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="product-price" label="Harga (Rp)" type="number" min={1} step={1} inputMode="numeric" {...field('price')} />
            <Field id="product-reseller" label="Harga reseller (Rp)" type="number" min={0} step={1} inputMode="numeric" hint="Kosongkan untuk memakai harga biasa." {...field('reseller_price')} />
            <Field
              id="product-discount"
              label="Diskon (%)"
              type="number"
              min={0}
              max={100}
              step={0.1}
              inputMode="decimal"
              hint={priceNumber > 0 && discountNumber > 0 ? `Harga setelah diskon: ${formatRupiah(applyDiscount(priceNumber, discountNumber))}` : undefined}
              {...field('discount')}
            />
            {withVariants ? (
              // With variants the product's stock is theirs summed: shown, not typed (the schema sums it too).
              <Field
                id="product-stock"
                label="Stok"
                type="number"
                disabled
                value={String(variantRows.reduce((sum, v) => sum + (Number(v.stock) || 0), 0))}
                hint="Dengan varian, stok produk adalah jumlah stok variannya."
                error={errors.stock?.message}
                readOnly
              />
            ) : (
              <Field id="product-stock" label="Stok" type="number" min={0} step={1} inputMode="numeric" {...field('stock')} />
            )}
          </div>
        </Section>

        <Section title={`Varian ukuran (maksimal ${MAX_SIZE_VARIANTS})`}>
          {variantsError && <p className="mb-2 text-sm text-red-700">{variantsError}</p>}
          <div className="space-y-2">
            {variants.fields.map((row, i) => (
              <div key={row.id} className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end">
                <Field id={`variant-${i}-label`} label={`Varian ${i + 1}: nama`} {...form.register(`size_variants.${i}.label`)} />
                <Field id={`variant-${i}-price`} label="Harga" type="number" min={1} step={1} {...form.register(`size_variants.${i}.price`)} />
                <Field id={`variant-${i}-reseller`} label="Harga reseller" type="number" min={0} step={1} {...form.register(`size_variants.${i}.reseller_price`)} />
                <Field id={`variant-${i}-stock`} label="Stok" type="number" min={0} step={1} {...form.register(`size_variants.${i}.stock`)} />
                <button type="button" className={buttonStyles.danger} onClick={() => variants.remove(i)} aria-label={`Hapus varian ${i + 1}`}>
                  Hapus
                </button>
              </div>
            ))}
          </div>
          {variants.fields.length < MAX_SIZE_VARIANTS && (
            <button type="button" className={`${buttonStyles.small} mt-2`} onClick={() => variants.append({ label: '', price: '', reseller_price: '', stock: '' }, { shouldFocus: false })}>
              + Tambah varian
            </button>
          )}
        </Section>

        <Section title="Kelompok opsi">
          {optionsError && <p className="mb-2 text-sm text-red-700">{optionsError}</p>}
          <div className="space-y-2">
            {options.fields.map((row, i) => (
              <div key={row.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <Field id={`option-${i}-name`} label={`Opsi ${i + 1}: nama`} placeholder="Level pedas" {...form.register(`option_groups.${i}.name`)} />
                <Field id={`option-${i}-values`} label="Nilai (pisahkan dengan koma)" placeholder="Original, Pedas" {...form.register(`option_groups.${i}.values`)} />
                <button type="button" className={buttonStyles.danger} onClick={() => options.remove(i)} aria-label={`Hapus opsi ${i + 1}`}>
                  Hapus
                </button>
              </div>
            ))}
          </div>
          <button type="button" className={`${buttonStyles.small} mt-2`} onClick={() => options.append({ name: '', values: '' }, { shouldFocus: false })}>
            + Tambah kelompok opsi
          </button>
        </Section>

        <Section title="Gambar (JPG, PNG, atau WEBP)">
          {imagesError && <p className="mb-2 text-sm text-red-700">{imagesError}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="product-cover" className="block text-sm font-semibold">
                Gambar sampul
              </label>
              {imageCover && !cover && (
                <div className="mt-1 flex items-center gap-2">
                  <ProductImage path={imageCover} alt="Sampul saat ini" className="h-16 w-20 rounded" />
                  <button type="button" className={buttonStyles.danger} onClick={() => form.setValue('image_cover', '')}>
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
              {images.length > 0 && (
                <ul className="mt-1 flex flex-wrap gap-2">
                  {images.map((path) => (
                    <li key={path} className="relative">
                      <ProductImage path={path} alt="Gambar produk" className="h-16 w-20 rounded" />
                      <button type="button" className="absolute -right-1 -top-1 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white" aria-label="Hapus gambar ini" onClick={() => form.setValue('images', images.filter((p) => p !== path))}>
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
          <Field as="textarea" id="product-ai-description" label="Deskripsi AI" rows={4} hint="Dipakai asisten belanja untuk menjawab pertanyaan pembeli." {...field('ai_description')} />
          {aiDescriptionTool?.((text) => form.setValue('ai_description', text, { shouldDirty: true }), { name, description })}
        </Section>

        <FormActions label="Simpan produk" pending={save.isPending} onCancel={onClose} className="sticky bottom-0 border-t border-stone-200 bg-white pt-3" />
      </form>
    </Modal>
  );
}
