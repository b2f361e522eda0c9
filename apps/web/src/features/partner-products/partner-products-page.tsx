/** Issue 29: Produk (filled in by its change). */
export default function PartnerProductsPage() {
  return <h1 className="text-xl font-bold">Produk</h1>;
}
