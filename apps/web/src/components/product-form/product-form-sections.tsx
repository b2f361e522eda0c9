/** The product form's sections past its basic information: price and stock, size variants, option groups, and images. */
import { useFieldArray } from 'react-hook-form';
import type { ReactNode } from 'react';
import { applyDiscount } from '@pasar/core/pricing';
import { formatRupiah } from '@pasar/core/money';
import { MAX_SIZE_VARIANTS } from '@pasar/core/products';
import { buttonStyles } from '../admin/admin-ui';
import { Field, firstErrorUnder } from '../form';
import { ProductImage } from '../product-image';
import type { ProductForm } from './product-form-state';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** A titled part of the form; `error` is a list's own problem (too many variants), shown above its rows. */
export function Section({ title, error, children }: { title: string; error?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">{title}</legend>
      {error && <p className="mb-2 text-sm text-red-700">{error}</p>}
      {children}
    </fieldset>
  );
}

/** A field's error and its registration. */
export const fieldOf = (form: ProductForm) => (name: 'name' | 'description' | 'price' | 'reseller_price' | 'discount' | 'stock' | 'category_id' | 'business_id' | 'size' | 'notes' | 'weight_grams' | 'ai_description') => ({
  error: form.formState.errors[name]?.message,
  ...form.register(name),
});

export function PriceStockSection({ form }: { form: ProductForm }) {
  const field = fieldOf(form);
  const [price, discount, variantRows] = form.watch(['price', 'discount', 'size_variants']);
  const priceNumber = Number(price) || 0;
  const discountNumber = Number(discount.replace(',', '.')) || 0;
  const withVariants = variantRows.some((v) => v.label || v.price);
  return (
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
            error={form.formState.errors.stock?.message}
            readOnly
          />
        ) : (
          <Field id="product-stock" label="Stok" type="number" min={0} step={1} inputMode="numeric" {...field('stock')} />
        )}
      </div>
    </Section>
  );
}

export function VariantsSection({ form }: { form: ProductForm }) {
  const variants = useFieldArray({ control: form.control, name: 'size_variants' });
  return (
    <Section title={`Varian ukuran (maksimal ${MAX_SIZE_VARIANTS})`} error={firstErrorUnder(form.formState.errors, 'size_variants')}>
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
  );
}

export function OptionGroupsSection({ form }: { form: ProductForm }) {
  const options = useFieldArray({ control: form.control, name: 'option_groups' });
  return (
    <Section title="Kelompok opsi" error={firstErrorUnder(form.formState.errors, 'option_groups')}>
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
  );
}

/** Cover and extra images: those kept (each removable) and the files picked to upload beside them. */
export function ImagesSection({ form, cover, onCover, onFiles }: { form: ProductForm; cover: File | null; onCover: (file: File | null) => void; onFiles: (files: File[]) => void }) {
  const [imageCover, images] = form.watch(['image_cover', 'images']);
  return (
    <Section title="Gambar (JPG, PNG, atau WEBP)" error={firstErrorUnder(form.formState.errors, 'images')}>
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
          <input id="product-cover" type="file" accept={ACCEPT} className="mt-1 block w-full text-sm" onChange={(e) => onCover(e.target.files?.[0] ?? null)} />
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
          <input id="product-images" type="file" accept={ACCEPT} multiple className="mt-1 block w-full text-sm" onChange={(e) => onFiles(Array.from(e.target.files ?? []))} />
        </div>
      </div>
    </Section>
  );
}
