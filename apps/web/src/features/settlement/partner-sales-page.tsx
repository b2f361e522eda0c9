/** Issue 29: Penjualan (filled in by its change). */
export default function PartnerSalesPage() {
  return <h1 className="text-xl font-bold">Penjualan</h1>;
}
