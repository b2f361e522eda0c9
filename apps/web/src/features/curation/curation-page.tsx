/** Issue 29: Kurasi produk (filled in by its change). */
export default function CurationPage() {
  return <h1 className="text-xl font-bold">Kurasi produk</h1>;
}
