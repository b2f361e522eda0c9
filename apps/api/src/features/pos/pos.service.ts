/**
 * A sale at the point of sale (docs/requirements/back-office.md §2, §5, §9). The lines are priced by the same
 * rules as online checkout (core/pricing lines.ts), the prices and total the cashier showed are
 * checked against them (issue 13 §9: 409 PRICE_CHANGED, nothing stored), and stock is taken in
 * the same transaction as the order by the one stock repository: a POS sale and an online order
 * of the last units cannot both succeed. A POS order is handed over at the counter: delivered, paid.
 */
import { totalTooLarge, totalTooLargeMessage } from '@pasar/core/common';
import { AppError } from '@pasar/core/errors';
import { changeDue, isValidQris, posMessages, posPriceConflict, posSaleError, qrisMerchantName, type PosSale, type PosSettings, type PosSettingsView } from '@pasar/core/pos';
import { firstShortage, priceLines, subtotalOf } from '@pasar/core/pricing';
import type { AdminOrder } from '@pasar/core/orders';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../auth/session-user';
import { adminOrders } from '../orders/admin-orders.service';
import { insertOrderEvent, insertOrderWithItems, loadProductsForOrder } from '../orders/orders.service';
import { InsufficientStock, takeStock } from '../stock/stock.service';
import { getSetting, putSetting } from '../settings/settings.service';

export async function recordPosSale(db: Db, sale: PosSale, cashier: SessionUser): Promise<AdminOrder> {
  // Spec §9 order: an empty cart first, whatever else the sale says.
  if (sale.order_items.length === 0) throw new AppError('UNPROCESSABLE', posMessages.emptyCart);

  const products = await loadProductsForOrder(db, [...new Set(sale.order_items.map((i) => i.product_id))]);
  const lines = priceLines(products, sale.order_items);
  const total = subtotalOf(lines);

  // Before stock and cash: a price that rose makes the cash counted for the old total look short,
  // and the cashier must first learn the new total (issue 13 §9).
  const conflict = posPriceConflict({ items: sale.order_items, total_amount: sale.total_amount }, lines, total);
  if (conflict) throw new AppError('PRICE_CHANGED', posMessages.priceChanged, { details: { prices: conflict.prices, total_amount: conflict.total_amount } });
  if (totalTooLarge(total)) throw new AppError('UNPROCESSABLE', totalTooLargeMessage);

  // Quantity against what is on the shelf now, per product and variant (spec §5 messages).
  const shortage = firstShortage(products, lines);
  if (shortage) throw new AppError('OUT_OF_STOCK', shortage.available <= 0 ? posMessages.noStock : posMessages.overStock);

  const cashReceived = sale.payment_method === 'cash' ? (sale.cash_received ?? 0) : null;
  const rule = posSaleError({ itemCount: lines.length, method: sale.payment_method, cashReceived, total });
  if (rule) throw new AppError('UNPROCESSABLE', rule, rule === posMessages.shortCash ? { fields: { cash_received: rule } } : {});

  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      await takeStock(tx, lines.map((l) => ({ productId: l.product_id, variantLabel: l.variant_label, quantity: l.quantity, name: l.product_name })));
      const id = await insertOrderWithItems(
        tx,
        {
          user_id: null,
          guest_email: null,
          status: 'delivered',
          order_type: 'pos',
          payment_method: sale.payment_method,
          payment_status: 'paid',
          payment_reference: sale.payment_method === 'cash' ? null : sale.payment_reference,
          subtotal_amount: total,
          shipping_cost: 0,
          payment_fee: 0,
          total_amount: total,
          cash_received: cashReceived,
          change_due: sale.payment_method === 'cash' ? changeDue('cash', cashReceived, total) : null,
          notes: sale.notes,
          customer_name: sale.customer_name,
          customer_phone: sale.customer_phone,
          customer_email: sale.customer_email,
          stock_held: true,
        },
        lines,
      );
      await insertOrderEvent(tx, {
        order_id: id,
        actor_user_id: cashier.id,
        actor_name: `${`${cashier.first_name} ${cashier.last_name}`.trim() || cashier.username} (@${cashier.username})`,
        kind: 'pos_sale',
        from_status: null,
        to_status: 'delivered',
        note: 'Penjualan di kasir (POS).',
      });
      return id;
    });
  } catch (error) {
    // Another sale took the last units between the check above and this transaction.
    if (error instanceof InsufficientStock) throw new AppError('OUT_OF_STOCK', posMessages.noStock);
    throw error;
  }
  const [order] = await adminOrders(db, [orderId]);
  return order!;
}

export async function posSettingsView(db: Db): Promise<PosSettingsView> {
  const [pickup, qris] = await Promise.all([getSetting(db, 'pos_pickup'), getSetting(db, 'qris')]);
  const payload = qris?.payload.trim() ?? '';
  const valid = payload !== '' && isValidQris(payload);
  return {
    pickup_name: pickup?.pickup_name ?? '',
    pickup_phone: pickup?.pickup_phone ?? '',
    pickup_address: pickup?.pickup_address ?? '',
    pickup_district: pickup?.pickup_district ?? '',
    pickup_city: pickup?.pickup_city ?? '',
    pickup_province: pickup?.pickup_province ?? '',
    pickup_postcode: pickup?.pickup_postcode ?? '',
    configured: Boolean(pickup && (pickup.pickup_name || pickup.pickup_address)),
    qris_payload: payload,
    qris_merchant_name: qris?.merchant_name || (valid ? (qrisMerchantName(payload) ?? '') : ''),
    qris_valid: valid,
  };
}

export async function savePosSettings(db: Db, settings: PosSettings): Promise<PosSettingsView> {
  const payload = settings.qris.payload.trim();
  if (payload !== '' && !isValidQris(payload)) throw new AppError('VALIDATION_ERROR', posMessages.badQris, { fields: { 'qris.payload': posMessages.badQris } });
  await db.transaction(async (tx) => {
    await putSetting(tx, 'pos_pickup', settings.pickup);
    await putSetting(tx, 'qris', { payload, merchant_name: settings.qris.merchant_name.trim() });
  });
  return posSettingsView(db);
}
