/**
 * The products screen's create/edit modal: the shared product form (components/product-form, also
 * the partner's corner's) with the back office's options, the business select, and its save call.
 */
import type { ReactNode } from 'react';
import { ProductFormModal as SharedProductFormModal, type ProductFormValues } from '../../components/product-form/product-form-modal';
import type { Product } from '@pasar/core/catalog';
import { api } from '../../lib/api-client';
import { useBusinessOptions, useCategoryOptions, useSaveProduct } from './api/products-api';

export function ProductFormModal({ product, onClose, onSaved, aiDescriptionTool }: {
  product: ProductFormValues | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** The assistant's draft button (issue 7), composed by the screen. */
  aiDescriptionTool?: (apply: (text: string) => void, fields: { name: string; description: string }) => ReactNode;
}) {
  const categories = useCategoryOptions();
  const businesses = useBusinessOptions();
  const save = useSaveProduct();
  return (
    <SharedProductFormModal
      product={product}
      categories={categories.data}
      businesses={businesses.data ?? []}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      // Issue 31 item 16: the product as it now is, when another admin saved it first.
      loadLatest={(id) => api<Product>(`/products/${id}`)}
      {...(aiDescriptionTool ? { aiDescriptionTool } : {})}
    />
  );
}
