/** Issue 29: Pesanan (filled in by its change). */
export default function PartnerShipmentsPage() {
  return <h1 className="text-xl font-bold">Pesanan</h1>;
}
