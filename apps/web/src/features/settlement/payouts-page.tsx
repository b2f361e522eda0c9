/** Issue 29: Pembayaran mitra (filled in by its change). */
export default function PayoutsPage() {
  return <h1 className="text-xl font-bold">Pembayaran mitra</h1>;
}
