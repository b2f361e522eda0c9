/** Landing page (docs/requirements/storefront.md §1, §2): hero, values, one shelf per category, stories, partners, join. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Category } from '@pasar/core/catalog';
import { ProductCard } from '../../components/product-card';
import { SkeletonGrid } from '../../components/skeleton';
import { SHELF_SIZE, useCategories, useCategoryShelf } from '../../lib/catalog-api';

const values = [
  { title: 'Produk lokal', text: 'Semua produk dibuat UMKM Kota Bandung dan dikurasi oleh dinas.', icon: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10' },
  { title: 'Fitur chat AI pintar', text: 'Tanya Asisten tentang bahan, cara simpan, dan rekomendasi produk.', icon: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5' },
  { title: 'Pemberdayaan UMKM', text: 'Setiap pembelian langsung menghidupi usaha kecil di sekitar Anda.', icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z' },
  { title: 'Jangkauan global', text: 'Kirim ke seluruh Indonesia, dari Sabang sampai Merauke.', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18' },
];

const stories = [
  { name: 'Bu Imas, Dapur Bu Imas', quote: 'Dulu keripik tempe saya hanya dijual di warung. Sekarang pesanan datang dari Medan sampai Makassar.' },
  { name: 'Rina, Sanggar Batik Cigadung', quote: 'Pembeli bisa melihat proses batik tulis kami dan menghargai tiga minggu pengerjaannya.' },
  { name: 'Dadan, Kopi Preanger Lestari', quote: 'Petani Gunung Puntang kini menjual langsung, harga lebih adil untuk semua.' },
];

const partnerTypes = ['Kuliner', 'Kopi & Teh', 'Batik & Tenun', 'Anyaman', 'Kosmetik Alami', 'Herbal', 'Dekorasi', 'Pertanian'];

/** A titled band of the page, reached from the header's links by its id (`#stories`). */
function PageSection({ id, title, first = false, children }: { id: string; title: string; first?: boolean; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`mx-auto ${first ? '' : 'mt-14 '}max-w-6xl scroll-mt-20 px-4`}>
      <h2 id={`${id}-title`} className="text-2xl font-extrabold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Shelf({ category }: { category: Category }) {
  const shelf = useCategoryShelf(category.id, SHELF_SIZE);
  return (
    <section aria-labelledby={`cat-${category.id}`} className="mt-10">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h3 id={`cat-${category.id}`} className="text-xl font-bold text-stone-900">
            {category.name}
          </h3>
          <p className="text-sm text-stone-600">{category.description}</p>
        </div>
        <Link to={`/catalog?category_id=${category.id}`} className="shrink-0 font-semibold text-green-800 hover:underline">
          Lihat semua<span className="sr-only"> {category.name}</span> →
        </Link>
      </div>
      <div className="mt-4">
        {shelf.isPending ? (
          <SkeletonGrid count={SHELF_SIZE} />
        ) : shelf.isError ? (
          <p className="rounded-xl bg-red-50 p-4 text-red-800">Gagal memuat data pasar. Coba lagi dalam beberapa saat.</p>
        ) : shelf.data.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">Produk sedang dipersiapkan untuk kategori ini.</p>
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shelf.data.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

export default function LandingPage() {
  const categories = useCategories();
  return (
    <>
      <section className="bg-gradient-to-br from-green-900 via-green-800 to-emerald-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="font-semibold uppercase tracking-widest text-amber-200">Produk lokal · UMKM Kota Bandung</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">Belanja langsung dari pelaku UMKM di sekitar Anda</h1>
          <p className="mt-4 max-w-xl text-lg text-green-50">
            Camilan, kopi, batik, anyaman dan produk ramah lingkungan pilihan, dikurasi oleh Dinas Koperasi dan UMKM.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/catalog" className="rounded-xl bg-amber-400 px-6 py-3 font-bold text-stone-900 hover:bg-amber-300">
              Jelajahi produk
            </Link>
            <a href="#categories" className="rounded-xl border border-white/70 px-6 py-3 font-bold text-white hover:bg-white/10">
              Lihat kategori
            </a>
          </div>
        </div>
      </section>

      <section id="impact" aria-labelledby="impact-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="impact-title" className="sr-only">
          Dampak
        </h2>
        <dl className="grid grid-cols-3 gap-3 text-center">
          {[
            ['20+', 'Mitra UMKM'],
            ['100%', 'Transparan'],
            ['Cepat', 'Kirim ke seluruh Indonesia'],
          ].map(([figure, label]) => (
            <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="order-first text-2xl font-extrabold text-green-800 sm:text-3xl">{figure}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((v) => (
            <div key={v.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9 text-green-800" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                <path d={v.icon} />
              </svg>
              <h3 className="mt-2 font-bold">{v.title}</h3>
              <p className="mt-1 text-sm text-stone-600">{v.text}</p>
            </div>
          ))}
        </div>
      </section>

      <PageSection id="categories" title="Belanja per kategori" first>
        {categories.isPending ? (
          <div className="mt-6">
            <SkeletonGrid count={6} />
          </div>
        ) : categories.isError ? (
          <p className="mt-6 rounded-xl bg-red-50 p-4 text-red-800">Gagal memuat data pasar. Coba lagi dalam beberapa saat.</p>
        ) : categories.data.length === 0 ? (
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">Produk akan segera hadir...</p>
        ) : (
          categories.data.map((c) => <Shelf key={c.id} category={c} />)
        )}
      </PageSection>

      <PageSection id="stories" title="Cerita mitra">
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {stories.map((s) => (
            <figure key={s.name} className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
              <blockquote className="text-stone-800">“{s.quote}”</blockquote>
              <figcaption className="mt-3 text-sm font-semibold text-green-900">{s.name}</figcaption>
            </figure>
          ))}
        </div>
      </PageSection>

      <PageSection id="partners" title="Jenis mitra kami">
        <ul className="mt-4 flex flex-wrap gap-2">
          {partnerTypes.map((p) => (
            <li key={p} className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-green-900 ring-1 ring-green-200">
              {p}
            </li>
          ))}
        </ul>
        <div className="mt-8 rounded-3xl bg-green-900 p-8 text-white sm:flex sm:items-center sm:justify-between">
          <div>
            <h3 className="text-2xl font-bold">Punya usaha di Kota Bandung?</h3>
            <p className="mt-1 text-green-100">Bergabunglah sebagai mitra dan jangkau pembeli di seluruh Indonesia.</p>
          </div>
          <Link to="/daftar-mitra" className="mt-4 inline-block rounded-xl bg-amber-400 px-6 py-3 font-bold text-stone-900 hover:bg-amber-300 sm:mt-0">
            Daftar jadi mitra
          </Link>
        </div>
      </PageSection>
    </>
  );
}
