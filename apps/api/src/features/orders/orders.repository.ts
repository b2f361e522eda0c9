/**
 * The only SQL of orders. `takeStock` and `insertOrderWithItems` are shared by online
 * checkout and the point of sale: one way to sell, one way to never oversell.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { readInstructions, type Order } from '@pasar/core/checkout';
import type { SellableProduct } from '@pasar/core/pricing';
import { orderStatusLabel, paymentStatusLabel } from '@pasar/core/orders';
import { orderPath, paymentStateLabel } from '@pasar/core/payments';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, type SelectedOption } from '../../db/schema';

/** What core's line pricing needs, plus where the product ships from (storefront spec rule 4). */
export interface ProductForOrder extends SellableProduct {
  business_district_id: number | null;
}

export async function loadProductsForOrder(db: DbOrTx, ids: number[]): Promise<Map<number, ProductForOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute(sql`
    SELECT p.id, p.name, p.price, p.discount::float8 AS discount, p.stock, p.is_active, c.is_active AS category_active,
      b.district_id AS business_district_id, p.option_groups,
      COALESCE((SELECT json_agg(json_build_object('label', v.label, 'price', v.price, 'stock', v.stock) ORDER BY v.position, v.id)
                FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS size_variants
    FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN businesses b ON b.id = p.business_id
    WHERE p.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const list = (rows as unknown as { rows: ProductForOrder[] }).rows;
  return new Map(
    list.map((p) => [
      p.id,
      {
        ...p,
        discount: Number(p.discount),
        option_groups: typeof p.option_groups === 'string' ? JSON.parse(p.option_groups) : p.option_groups,
        size_variants: typeof p.size_variants === 'string' ? JSON.parse(p.size_variants) : p.size_variants,
      },
    ]),
  );
}

export type NewOrder = typeof orders.$inferInsert;
export interface NewOrderItem {
  product_id: number;
  product_name: string;
  variant_label: string | null;
  selected_options: SelectedOption[];
  quantity: number;
  price: number;
  line_total: number;
}

export async function insertOrderWithItems(tx: DbOrTx, order: NewOrder, items: NewOrderItem[]): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values(items.map((i) => ({ ...i, order_id: row.id })));
  return row.id;
}

export async function findOrderIdByIdempotencyKey(
  db: DbOrTx,
  key: string,
): Promise<{ id: number; user_id: number | null; guest_email: string | null; fingerprint: string | null } | undefined> {
  const rows = await db
    .select({ id: orders.id, user_id: orders.user_id, guest_email: orders.guest_email, fingerprint: orders.idempotency_fingerprint })
    .from(orders)
    .where(eq(orders.idempotency_key, key))
    .limit(1);
  return rows[0];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Orders with their items and latest payment, in the API's shape. */
export async function loadOrders(db: DbOrTx, ids: number[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const orderRows = await db.select().from(orders).where(inArray(orders.id, ids));
  const itemRows = await db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(orderItems.id);
  const paymentRows = await db.select().from(payments).where(inArray(payments.order_id, ids)).orderBy(desc(payments.id));
  const byId = new Map(
    orderRows.map((o) => {
      const payment = paymentRows.find((p) => p.order_id === o.id);
      const order: Order = {
        id: o.id,
        user_id: o.user_id,
        guest_email: o.guest_email,
        status: o.status,
        status_label: orderStatusLabel(o.status),
        payment_status: o.payment_status,
        payment_status_label: paymentStatusLabel(o.payment_status),
        order_type: o.order_type,
        payment_method: o.payment_method,
        subtotal_amount: o.subtotal_amount,
        shipping_cost: o.shipping_cost,
        payment_fee: o.payment_fee,
        unique_code: o.unique_code,
        total_amount: o.total_amount,
        payment_reference: o.payment_reference,
        payment_due_at: iso(o.payment_due_at),
        order_url: o.access_token ? orderPath(o.access_token) : null,
        cash_received: o.cash_received,
        change_due: o.change_due,
        notes: o.notes,
        customer_name: o.customer_name,
        customer_phone: o.customer_phone,
        customer_email: o.customer_email,
        shipping_name: o.shipping_name,
        shipping_phone: o.shipping_phone,
        shipping_address: o.shipping_address,
        shipping_province: o.shipping_province,
        shipping_city: o.shipping_city,
        shipping_district: o.shipping_district,
        shipping_postcode: o.shipping_postcode,
        shipping_courier: o.shipping_courier,
        shipping_service: o.shipping_service,
        created_at: o.created_at.toISOString(),
        updated_at: o.updated_at.toISOString(),
        version: o.version,
        order_items: itemRows
          .filter((i) => i.order_id === o.id)
          .map((i) => ({
            id: i.id,
            product_id: i.product_id,
            product: { id: i.product_id, name: i.product_name },
            product_name: i.product_name,
            variant_label: i.variant_label,
            selected_options: i.selected_options,
            quantity: i.quantity,
            price: i.price,
            line_total: i.line_total,
          })),
        payment: payment
          ? {
              provider: payment.provider,
              reference: payment.reference,
              payment_name: payment.payment_name,
              amount: payment.amount,
              total_amount: payment.amount,
              fee_customer: payment.fee_customer,
              status: payment.status,
              pay_code: payment.pay_code,
              pay_url: payment.pay_url,
              checkout_url: payment.checkout_url,
              qr_url: payment.qr_url,
              // Rows written before issue 18 (docs/issues.md) hold HTML steps; the answer is always words and bold.
              instructions: readInstructions(payment.instructions),
              expires_at: iso(payment.expires_at),
              paid_at: iso(payment.paid_at),
              sandbox: payment.provider === 'sandbox',
              bank_accounts: payment.bank_accounts,
              transfer_note: payment.transfer_note,
              proof_status: payment.proof_status as 'none' | 'submitted' | 'rejected',
              proof_uploaded_at: iso(payment.proof_uploaded_at),
              rejection_reason: payment.rejection_reason,
              verified_at: iso(payment.verified_at),
              state_label: paymentStateLabel(o.payment_status, payment.proof_status),
            }
          : null,
      };
      return [o.id, order] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
}

export async function listOrderIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.user_id, userId)).orderBy(desc(orders.created_at), desc(orders.id)).limit(200);
  return rows.map((r) => r.id);
}

export async function findOrderOwner(db: DbOrTx, id: number): Promise<{ user_id: number | null; guest_email: string | null } | undefined> {
  const rows = await db.select({ user_id: orders.user_id, guest_email: orders.guest_email }).from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0];
}

export async function findOrderIdByAccessToken(db: DbOrTx, token: string): Promise<number | undefined> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.access_token, token)).limit(1);
  return rows[0]?.id;
}

/** Kode unik: set once the order has its id, and added to the total it belongs to. */
export async function addUniqueCode(tx: DbOrTx, orderId: number, code: number): Promise<void> {
  await tx.update(orders).set({ unique_code: code, total_amount: sql`${orders.total_amount} + ${code}` }).where(eq(orders.id, orderId));
}

