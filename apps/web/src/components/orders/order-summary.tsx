/** What an order holds and costs, as the checkout's success panel and the order's page show it. */
import type { Order } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { courierNames } from '@pasar/core/shipments';

/**
 * The order's courier as shoppers know it: a rate code ("jne") becomes "JNE"; a local courier's
 * name, or several shipments' names (decision 049), are already words.
 */
function shopperCourier(value: string | null): string | null {
  return value ? (courierNames[value.toLowerCase()] ?? value) : null;
}

export function OrderItems({ order }: { order: Order }) {
  return (
    <ul className="divide-y divide-stone-100">
      {order.order_items.map((i) => (
        <li key={i.id} className="flex justify-between gap-3 py-2 text-sm">
          <span>
            <span className="font-semibold">{i.product_name}</span>
            {i.variant_label && ` · ${i.variant_label}`}
            {i.selected_options.map((s) => ` · ${s.group}: ${s.value}`).join('')}
            <span className="block text-stone-600">
              {i.quantity} × {formatRupiah(i.price)}
            </span>
          </span>
          <span className="shrink-0 font-semibold">{formatRupiah(i.line_total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, shipping, fee and kode unik, each on its own line, then the total they make. */
export function OrderTotals({ order }: { order: Order }) {
  // Several shipments (decision 049) say how many; each one's courier is on the shipment itself.
  const shippingName = order.shipments.length > 1 ? `${order.shipments.length} kiriman` : [shopperCourier(order.shipping_courier), order.shipping_service].filter(Boolean).join(' ');
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex justify-between gap-3">
        <dt>Subtotal</dt>
        <dd>{formatRupiah(order.subtotal_amount)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt>Ongkos kirim{shippingName && ` (${shippingName})`}</dt>
        <dd className="shrink-0">{formatRupiah(order.shipping_cost)}</dd>
      </div>
      {order.payment_fee > 0 && (
        <div className="flex justify-between gap-3">
          <dt>Biaya pembayaran</dt>
          <dd>{formatRupiah(order.payment_fee)}</dd>
        </div>
      )}
      {order.unique_code > 0 && (
        <div className="flex justify-between gap-3" data-testid="unique-code-line">
          <dt>Kode unik</dt>
          <dd>{formatRupiah(order.unique_code)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatRupiah(order.total_amount)}</dd>
      </div>
    </dl>
  );
}

/** The order's lines and its totals under one heading: the buyer's order page and the placed-order page. */
export function OrderSummarySection({ order, headingId, title, headingClass }: { order: Order; headingId: string; title: string; headingClass: string }) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id={headingId} className={headingClass}>
        {title}
      </h2>
      <div className="mt-2">
        <OrderItems order={order} />
      </div>
      <div className="mt-3 border-t border-stone-200 pt-3">
        <OrderTotals order={order} />
      </div>
    </section>
  );
}

export function ShippingAddress({ order }: { order: Order }) {
  const place = [order.shipping_address, order.shipping_district, order.shipping_city, order.shipping_province].filter(Boolean).join(', ');
  return (
    <address className="text-sm not-italic">
      {[order.shipping_name, order.shipping_phone].filter(Boolean).join(' · ')}
      <br />
      {place} {order.shipping_postcode}
    </address>
  );
}
