/** Issue 29: Laporan (filled in by its change). */
export default function ReportsPage() {
  return <h1 className="text-xl font-bold">Laporan</h1>;
}
