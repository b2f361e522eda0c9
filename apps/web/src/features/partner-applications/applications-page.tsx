/** Issue 29: Pendaftaran mitra (filled in by its change). */
export default function ApplicationsPage() {
  return <h1 className="text-xl font-bold">Pendaftaran mitra</h1>;
}
