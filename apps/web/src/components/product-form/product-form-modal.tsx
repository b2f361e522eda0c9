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
import { useState, type ReactNode } from 'react';
import { productInputSchema, productMessages, type ProductInput } from '@pasar/core/products';
import { Modal } from '../modal';
import { FormActions } from '../admin/admin-ui';
import { failureMessage, Field, FormNotices, NamedOptions, setServerErrors, showValue, useEditConflict, useFormDraft, useRestoredDraft, useZodForm } from '../form';
import { conflictLabels, initial, productBody, type FormState, type ProductFormValues } from './product-form-state';
import { fieldOf, ImagesSection, OptionGroupsSection, PriceStockSection, Section, VariantsSection } from './product-form-sections';

export type { ProductFormValues } from './product-form-state';

/** The screen's save: POST when there is no id, PUT otherwise; JSON or multipart. */
export interface ProductSave {
  mutateAsync: (args: { id?: number; body: Record<string, unknown> | FormData }) => Promise<{ message?: string }>;
  isPending: boolean;
}

/** The name a kept draft of this dialog goes by (use-form-draft.ts); the path tells the back office's from the partner's. */
export const PRODUCT_DRAFT = 'product';

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
  // Files picked for upload travel beside the checked fields (multipart); the schema never sees them.
  const [cover, setCover] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  // Issue 31 item 18: a session that runs out keeps the typing (not the picked images); the screen reopens this dialog with it.
  const draft = useFormDraft(form, PRODUCT_DRAFT, product?.id ?? null);
  const restored = useRestoredDraft(form, draft, product?.id ?? null);
  const withBusiness = businesses !== undefined;
  const field = fieldOf(form);
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
  const [name, description] = form.watch(['name', 'description']);

  const submit = async (data: ProductInput) => {
    const { business_id, ...rest } = data;
    const json: Record<string, unknown> = { ...rest, ...(withBusiness ? { business_id } : {}), ...(product ? { version: conflict.version() } : {}) };
    const body = productBody(json, cover, files);
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
        <FormNotices banner={banner} restored={restored} conflict={conflict.panel} />
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
                <NamedOptions items={businesses} />
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

        <PriceStockSection form={form} />
        <VariantsSection form={form} />
        <OptionGroupsSection form={form} />
        <ImagesSection form={form} cover={cover} onCover={setCover} onFiles={setFiles} />

        <Section title="Deskripsi untuk asisten belanja">
          <Field as="textarea" id="product-ai-description" label="Deskripsi AI" rows={4} hint="Dipakai asisten belanja untuk menjawab pertanyaan pembeli." {...field('ai_description')} />
          {aiDescriptionTool?.((text) => form.setValue('ai_description', text, { shouldDirty: true }), { name, description })}
        </Section>

        <FormActions label="Simpan produk" pending={save.isPending} onCancel={onClose} className="sticky bottom-0 border-t border-stone-200 bg-white pt-3" />
      </form>
    </Modal>
  );
}
