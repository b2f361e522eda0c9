/** One product in the products screen's grid: its badges (active, stock, curation, AI), price, stock, variants, and its actions. */
import { Link } from 'react-router';
import { curationLabels } from '@pasar/core/curation';
import { formatGrams, formatPercent, formatRupiah } from '@pasar/core/money';
import { hasDiscount, unitPrice } from '@pasar/core/pricing';
import { isLowStock } from '@pasar/core/products';
import { RowActions } from '../../components/admin/row-actions';
import { ProductImage } from '../../components/product-image';
import type { AdminProductPage } from './api/products-api';

export function ProductListItem({ product: p, onEdit, onDelete, deleting }: { product: AdminProductPage['items'][number]; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  const low = isLowStock(p.stock);
  return (
    <li className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <ProductImage path={p.image_url} alt={p.name} sizes="96px" className="h-24 w-24 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-semibold ${p.is_active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>{p.is_active ? 'Aktif' : 'Nonaktif'}</span>
          {low && <span className={`rounded-full px-2 py-0.5 font-semibold ${p.stock === 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800'}`}>{p.stock === 0 ? 'Stok habis' : 'Stok menipis'}</span>}
          {/* What waits links to the queue where it is decided (issue 29). */}
          {p.curation_status === 'pending' && (
            <Link to="/admin/curation" className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800 hover:underline">
              {curationLabels.pending}
            </Link>
          )}
          {p.curation_status === 'rejected' && <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{curationLabels.rejected}</span>}
          {p.curation_status === 'approved' && p.curation_pending_change && (
            <Link to="/admin/curation" className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800 hover:underline">
              Perubahan menunggu kurasi
            </Link>
          )}
          {p.ai_status && <span className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-800">Deskripsi AI</span>}
      </div>
        <h2 className="mt-1 truncate font-semibold" title={p.name}>
          {p.name}
        </h2>
        <p className="truncate text-xs text-stone-600">
          #{p.id} · {p.category?.name ?? '—'} · {p.business_name ?? 'Tanpa usaha'}
        </p>
        <p className="mt-1 text-sm">
          <span className="font-bold">{formatRupiah(unitPrice(p))}</span>
          {hasDiscount(p) && <span className="ml-1 text-xs text-red-700">−{formatPercent(p.discount)}</span>}
          <span className="ml-2 text-stone-600">
            Stok {p.stock} · {formatGrams(p.weight_grams)}
          </span>
        </p>
        {p.size_variants.length > 0 && <p className="truncate text-xs text-stone-600">Varian: {p.size_variants.map((v) => v.label).join(', ')}</p>}
        <RowActions name={p.name} onEdit={onEdit} onDelete={onDelete} deleteDisabled={deleting} className="mt-2 flex gap-2" />
      </div>
    </li>
  );
}
