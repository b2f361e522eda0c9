/** Issue 29: Daftar jadi mitra (filled in by its change). */
export default function ApplyPage() {
  return <h1 className="text-xl font-bold">Daftar jadi mitra</h1>;
}
