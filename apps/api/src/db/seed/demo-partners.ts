/**
 * The demo's partner side (issue 29): two partner accounts running their corners, certificates
 * the office verified (and one it has not), orders their products were sold in — delivered last
 * month and paid out, delivered this month and still owed, paid and waiting to be sent, unpaid —
 * a partner application waiting for the office, and products waiting for curation. `npm start`
 * then shows both sides at once.
 *
 * Orders are written as the checkout and the order desk would have left them (order, payment, one
 * shipment, lines, timeline), with dates relative to the day the seed runs, so "last month" is
 * always last month in the store's time zone.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { storePeriodStart } from '@pasar/core/time';
import type { DbOrTx } from '../client';
import { businesses, orderItems, orders, partnerApplications, payments, productChanges, products, shipmentEvents, shipments } from '../schema';
import { makeUser } from '../../test/factories';
import { linkPartnerAccount } from '../../features/partners/partners.repository';
import { findUserByLogin } from '../../features/accounts/accounts.repository';
import { recordPayout, statementOf } from '../../features/settlement/settlement.service';
import { monthPeriod, previousMonth, storeDate } from '@pasar/core/time';
import type { Db } from '../client';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

/** The two demo partners' accounts (README): each signs in at /login and lands in /mitra. */
export const demoPartnerAccounts = [
  { business: 'imas', username: 'buimas', password: 'mitra12345', email: 'imas.mitra@contoh.id', first_name: 'Imas', last_name: 'Rohimah', phone_number: '6281222334401' },
  { business: 'cigadung', username: 'batikcigadung', password: 'mitra12345', email: 'rina.mitra@contoh.id', first_name: 'Rina', last_name: 'Kartika', phone_number: '6282218003344' },
] as const;

/** The account of the demo's waiting partner application (it may sign in and follow it). */
export const demoApplicantAccount = { username: 'kopiwanoja', password: 'mitra12345' } as const;

/** Certificates as the partners entered them; `verified` ones the office ticked. */
const demoCertificates: Record<string, Partial<Record<'nib' | 'pirt' | 'bpom' | 'halal', { number: string; verified: boolean }>>> = {
  imas: { nib: { number: '9120301234567', verified: true }, pirt: { number: '2063273010123-27', verified: true }, halal: { number: 'ID32110000123450523', verified: true } },
  cigadung: { nib: { number: '8120009876543', verified: true } },
  madu: { nib: { number: '9120305550001', verified: true }, halal: { number: 'ID32110000555010224', verified: true }, bpom: { number: 'PIRT 5063273020456-26', verified: false } },
  preanger: { nib: { number: '9120307770002', verified: true }, halal: { number: 'ID32110000777020324', verified: false } },
  jamu: { pirt: { number: '2063273110456-28', verified: true }, halal: { number: 'ID32110000888030124', verified: true } },
};

const demoBanks: Record<string, { bank_name: string; bank_account_number: string; bank_account_name: string; owner_name: string; sells: string }> = {
  imas: { bank_name: 'Bank BJB', bank_account_number: '0012345678901', bank_account_name: 'Imas Rohimah', owner_name: 'Imas Rohimah', sells: 'Keripik, dodol, peuyeum dan kue rumahan' },
  cigadung: { bank_name: 'BRI', bank_account_number: '009901000123567', bank_account_name: 'Rina Kartika', owner_name: 'Rina Kartika', sells: 'Batik tulis, batik cap, selendang sutra' },
};

interface DemoLine {
  product: string;
  quantity: number;
  options?: { group: string; value: string }[];
}

interface DemoOrder {
  partner: 'imas' | 'cigadung';
  lines: DemoLine[];
  buyer: { name: string; email: string; phone: string; address: string };
  /** When the order was placed. */
  placedAt: Date;
  shipping: number;
  /** unpaid, packing (paid, waiting to be sent), received (paid, sent by the partner, received). */
  state: 'unpaid' | 'packing' | 'received';
  /** Days after placing: sent, delivered, received (received orders only). */
  steps?: [number, number, number];
  resi?: string;
}

const jakarta = { province_id: 31, province: 'DKI Jakarta', city_id: 3171, city: 'Kota Jakarta Selatan', district_id: 317101, district: 'Tebet', postcode: '12810' };

/** One demo order's rows, written as checkout, payment review and the shipment steps leave them. */
async function writeOrder(tx: DbOrTx, o: DemoOrder, ctx: { productId: Map<string, number>; price: Map<string, number>; businessId: Map<string, number>; businessDistrict: Map<string, { id: number; name: string }>; now: Date }): Promise<void> {
  const lines = o.lines.map((l) => {
    const price = ctx.price.get(l.product) ?? 0;
    return { ...l, product_id: ctx.productId.get(l.product) ?? 0, price, line_total: price * l.quantity };
  });
  const subtotal = lines.reduce((s, l) => s + l.line_total, 0);
  const uniqueCode = 100 + (subtotal % 800);
  const total = subtotal + o.shipping + uniqueCode;
  const paid = o.state !== 'unpaid';
  const placed = o.placedAt;
  const paidAt = new Date(placed.getTime() + 2 * HOUR);
  const [sent, delivered, received] = (o.steps ?? [0, 0, 0]).map((d) => new Date(placed.getTime() + d * DAY + 4 * HOUR)) as [Date, Date, Date];
  const origin = ctx.businessDistrict.get(o.partner);
  const orderStatus = o.state === 'received' ? 'delivered' : o.state === 'packing' ? 'confirmed' : 'pending';
  const [order] = await tx
    .insert(orders)
    .values({
      guest_email: o.buyer.email,
      status: orderStatus,
      order_type: 'online',
      payment_method: 'manual',
      payment_status: paid ? 'paid' : 'unpaid',
      subtotal_amount: subtotal,
      shipping_cost: o.shipping,
      total_amount: total,
      customer_name: o.buyer.name,
      customer_email: o.buyer.email,
      customer_phone: o.buyer.phone,
      shipping_name: o.buyer.name,
      shipping_phone: o.buyer.phone,
      shipping_address: o.buyer.address,
      shipping_province_id: jakarta.province_id,
      shipping_province: jakarta.province,
      shipping_city_id: jakarta.city_id,
      shipping_city: jakarta.city,
      shipping_district_id: jakarta.district_id,
      shipping_district: jakarta.district,
      shipping_postcode: jakarta.postcode,
      shipping_courier: 'jne',
      shipping_service: 'REG',
      shipping_cost_breakdown: { type: 'national', courier: 'jne', service: 'REG', cost: o.shipping },
      access_token: randomBytes(32).toString('hex'),
      unique_code: uniqueCode,
      payment_due_at: new Date(placed.getTime() + 24 * HOUR),
      created_at: placed,
      updated_at: o.state === 'received' ? received : paid ? paidAt : placed,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await tx.insert(payments).values({
    order_id: orderId,
    provider: 'manual',
    reference: `MAN-${orderId}`,
    merchant_ref: `ORD-${orderId}`,
    payment_name: 'Transfer bank',
    amount: total,
    status: paid ? 'paid' : 'unpaid',
    expires_at: new Date(placed.getTime() + 24 * HOUR),
    paid_at: paid ? paidAt : null,
    verified_at: paid ? paidAt : null,
    bank_accounts: [{ bank_name: 'Bank BJB', account_number: '0001234567890', account_name: 'Koperasi Pasar UMKM Kota Bandung' }],
    created_at: placed,
    updated_at: paid ? paidAt : placed,
  });
  const partnerId = ctx.businessId.get(o.partner) ?? null;
  const [shipment] = await tx
    .insert(shipments)
    .values({
      order_id: orderId,
      position: 1,
      origin_district_id: origin?.id ?? null,
      origin_label: null,
      kind: 'national',
      courier_code: 'jne',
      courier_name: 'JNE',
      service: 'REG',
      cost: o.shipping,
      weight_grams: 500 * lines.reduce((s, l) => s + l.quantity, 0),
      status: o.state === 'received' ? 'received' : 'packing',
      tracking_number: o.state === 'received' ? (o.resi ?? null) : null,
      prepared_at: o.state === 'received' ? paidAt : null,
      shipped_at: o.state === 'received' ? sent : null,
      delivered_at: o.state === 'received' ? delivered : null,
      received_at: o.state === 'received' ? received : null,
      shipped_by_business_id: o.state === 'received' ? partnerId : null,
      created_at: placed,
      updated_at: o.state === 'received' ? received : placed,
    })
    .returning({ id: shipments.id });
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      order_id: orderId,
      product_id: l.product_id,
      product_name: l.product,
      selected_options: l.options ?? [],
      quantity: l.quantity,
      price: l.price,
      line_total: l.line_total,
      shipment_id: shipment!.id,
    })),
  );
  if (o.state === 'received') {
    const partner = o.partner === 'imas' ? 'Imas Rohimah' : 'Rina Kartika';
    await tx.insert(shipmentEvents).values([
      { shipment_id: shipment!.id, happened_at: sent, status: 'shipped', description: `Dikirim dengan JNE REG, resi ${o.resi ?? ''}`, source: 'staff', actor_name: partner },
      { shipment_id: shipment!.id, happened_at: delivered, status: 'delivered', description: 'Paket sampai di tujuan', location: jakarta.city, source: 'staff', actor_name: partner },
      { shipment_id: shipment!.id, happened_at: received, status: 'received', description: 'Pesanan diterima pembeli', source: 'buyer', actor_name: o.buyer.name },
    ]);
  }
}

export interface DemoPartnerContext {
  businessId: Map<string, number>;
  productId: Map<string, number>;
  /** The price each demo product sells at (its own, or its first variant's). */
  price: Map<string, number>;
  categoryId: Map<string, number>;
  now: Date;
  timeZone: string;
  passwordHash: (password: string) => Promise<string>;
}

export async function seedDemoPartners(tx: DbOrTx, ctx: DemoPartnerContext): Promise<void> {
  const verifiedAt = new Date(ctx.now.getTime() - 40 * DAY);
  for (const [key, marks] of Object.entries(demoCertificates)) {
    const id = ctx.businessId.get(key);
    if (id === undefined) continue;
    const numbers: Record<string, string> = {};
    const verified: Record<string, Date> = {};
    for (const [kind, mark] of Object.entries(marks)) {
      numbers[kind] = mark.number;
      if (mark.verified) verified[`${kind}_verified_at`] = verifiedAt;
    }
    // As in the shop: the partner enters the numbers, then the office ticks them (a write that
    // changes a number clears its verification, migration 0025).
    await tx.update(businesses).set({ ...numbers, ...(demoBanks[key] ?? {}) }).where(eq(businesses.id, id));
    if (Object.keys(verified).length > 0) await tx.update(businesses).set(verified).where(eq(businesses.id, id));
  }
  const partnerUser = new Map<string, number>();
  for (const a of demoPartnerAccounts) {
    const user = await makeUser(tx, { username: a.username, email: a.email, first_name: a.first_name, last_name: a.last_name, phone_number: a.phone_number, password_hash: await ctx.passwordHash(a.password) });
    await linkPartnerAccount(tx, user.id, ctx.businessId.get(a.business) ?? 0);
    partnerUser.set(a.business, user.id);
  }

  const districts = await tx.select({ id: businesses.id, district_id: businesses.district_id, district_name: businesses.district_name }).from(businesses);
  const businessDistrict = new Map<string, { id: number; name: string }>();
  for (const [key, id] of ctx.businessId) {
    const row = districts.find((d) => d.id === id);
    if (row?.district_id) businessDistrict.set(key, { id: row.district_id, name: row.district_name ?? '' });
  }

  // "Last month" and "this month" in the store's time zone, whatever day the seed runs.
  const thisMonth = storePeriodStart(ctx.now, 'month', ctx.timeZone);
  const lastMonth = storePeriodStart(new Date(thisMonth.getTime() - DAY), 'month', ctx.timeZone);
  const lastMonthDay = (day: number) => new Date(lastMonth.getTime() + (day - 1) * DAY + 9 * HOUR);
  const buyers = [
    { name: 'Dewi Lestari', email: 'dewi.lestari@contoh.id', phone: '6281311112222', address: 'Jl. Tebet Raya No. 12' },
    { name: 'Bambang Pamungkas', email: 'bambang.p@contoh.id', phone: '6281322223333', address: 'Jl. Casablanca No. 8' },
    { name: 'Sari Handayani', email: 'sari.h@contoh.id', phone: '6285733334444', address: 'Jl. Saharjo No. 45' },
  ] as const;
  const orderCtx = { ...ctx, businessDistrict };
  const demoOrders: DemoOrder[] = [
    // Paid out in last month's payout below.
    { partner: 'imas', lines: [{ product: 'Peuyeum Bandung', quantity: 2 }], buyer: buyers[0], placedAt: lastMonthDay(3), shipping: 11000, state: 'received', steps: [1, 3, 4], resi: 'JNE0100000001' },
    { partner: 'imas', lines: [{ product: 'Dodol Garut Aneka Rasa', quantity: 3, options: [{ group: 'Rasa', value: 'Durian' }] }], buyer: buyers[1], placedAt: lastMonthDay(12), shipping: 11000, state: 'received', steps: [1, 2, 3], resi: 'JNE0100000002' },
    { partner: 'cigadung', lines: [{ product: 'Selendang Batik Sutra', quantity: 1 }], buyer: buyers[2], placedAt: lastMonthDay(8), shipping: 18000, state: 'received', steps: [1, 3, 4], resi: 'JNE0100000003' },
    // Delivered this month: owed, not paid yet (placed three days ago).
    { partner: 'imas', lines: [{ product: 'Peuyeum Bandung', quantity: 1 }], buyer: buyers[2], placedAt: new Date(ctx.now.getTime() - 3 * DAY), shipping: 11000, state: 'received', steps: [0, 1, 2], resi: 'JNE0100000004' },
    // Paid and waiting for the partner to send.
    { partner: 'imas', lines: [{ product: 'Dodol Garut Aneka Rasa', quantity: 2, options: [{ group: 'Rasa', value: 'Wijen' }] }], buyer: buyers[0], placedAt: new Date(ctx.now.getTime() - 8 * HOUR), shipping: 11000, state: 'packing' },
    { partner: 'cigadung', lines: [{ product: 'Batik Tulis Mega Mendung', quantity: 1 }], buyer: buyers[1], placedAt: new Date(ctx.now.getTime() - 6 * HOUR), shipping: 18000, state: 'packing' },
    // Not paid yet: the partner does not see it until the office confirms the transfer.
    { partner: 'imas', lines: [{ product: 'Peuyeum Bandung', quantity: 1 }], buyer: buyers[1], placedAt: new Date(ctx.now.getTime() - 1 * HOUR), shipping: 11000, state: 'unpaid' },
  ];
  for (const o of demoOrders) await writeOrder(tx, o, orderCtx);

  // A business asking to join, for the office's "Pendaftaran mitra".
  const applicant = await makeUser(tx, { username: demoApplicantAccount.username, email: 'kopi.wanoja@contoh.id', first_name: 'Yudi', last_name: 'Permana', phone_number: '6281299998888', password_hash: await ctx.passwordHash(demoApplicantAccount.password) });
  await tx.insert(partnerApplications).values({
    user_id: applicant.id,
    business_name: 'Kopi Wanoja Kamojang',
    owner_name: 'Yudi Permana',
    phone: '6281299998888',
    email: 'kopi.wanoja@contoh.id',
    address: 'Jl. Gegerkalong Hilir No. 60',
    province_id: 32,
    province_name: 'Jawa Barat',
    city_id: 3273,
    city_name: 'Kota Bandung',
    district_id: 327303,
    district_name: 'Sukasari',
    nib: '9120304440003',
    halal: 'ID32110000444040524',
    sells: 'Kopi arabika Kamojang sangrai, bubuk dan biji',
    bank_name: 'Bank Mandiri',
    bank_account_number: '1300012345678',
    bank_account_name: 'Yudi Permana',
    created_at: new Date(ctx.now.getTime() - 20 * HOUR),
    updated_at: new Date(ctx.now.getTime() - 20 * HOUR),
  });

  // Curation: a new product from Batik Cigadung waiting (kept inactive), and a change of an
  // approved Dapur Bu Imas product waiting while the shop keeps showing it as it was.
  const [newProduct] = await tx
    .insert(products)
    .values({
      name: 'Totebag Batik Cap Kujang',
      description: 'Totebag kanvas tebal dengan panel batik cap motif kujang, muat laptop 14 inci.',
      price: 85000,
      reseller_price: 85000,
      stock: 15,
      is_active: false,
      curation_status: 'pending',
      category_id: ctx.categoryId.get('fesyen') ?? 0,
      business_id: ctx.businessId.get('cigadung') ?? null,
      size: '40 x 35 cm',
      weight_grams: 300,
    })
    .returning({ id: products.id, name: products.name, description: products.description, category_id: products.category_id });
  const fields = (p: { name: string; description: string; category_id: number }) => ({ name: p.name, description: p.description, category_id: p.category_id, image_cover: null, images: [] as string[] });
  await tx.insert(productChanges).values({
    product_id: newProduct!.id,
    business_id: ctx.businessId.get('cigadung') ?? null,
    kind: 'new',
    previous: null,
    proposed: fields(newProduct!),
    submitted_by: partnerUser.get('cigadung') ?? null,
    submitted_at: new Date(ctx.now.getTime() - 5 * HOUR),
  });
  const peuyeumId = ctx.productId.get('Peuyeum Bandung');
  const [peuyeum] = await tx.select({ name: products.name, description: products.description, category_id: products.category_id, image_cover: products.image_cover, images: products.images }).from(products).where(eq(products.id, peuyeumId ?? 0));
  if (peuyeum) {
    await tx.insert(productChanges).values({
      product_id: peuyeumId ?? 0,
      business_id: ctx.businessId.get('imas') ?? null,
      kind: 'change',
      previous: { ...fields(peuyeum), image_cover: peuyeum.image_cover, images: peuyeum.images },
      proposed: { ...fields(peuyeum), image_cover: peuyeum.image_cover, images: peuyeum.images, name: 'Peuyeum Bandung Asli Cimenyan', description: `${peuyeum.description} Singkong dari kebun Cimenyan, difermentasi 2 hari.` },
      submitted_by: partnerUser.get('imas') ?? null,
      submitted_at: new Date(ctx.now.getTime() - 3 * HOUR),
    });
  }
}

/**
 * Last month of Dapur Bu Imas paid out, through the office's own payout (settlement's one function
 * works the figures): after the seed's transaction, as recordPayout opens its own.
 */
export async function seedDemoPayout(db: Db, now: Date, timeZone: string): Promise<void> {
  const admin = await findUserByLogin(db, 'admin');
  const [imas] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, 'Dapur Bu Imas'));
  if (!admin || !imas) return;
  const today = storeDate(now, timeZone);
  const last = monthPeriod(previousMonth(today));
  const owed = Math.max(0, (await statementOf(db, imas.id, last.from, last.to)).settlement.owed);
  await recordPayout(db, { business_id: imas.id, period_start: last.from, period_end: last.to, amount: owed, paid_on: today, bank_reference: 'BJB-TRF-DEMO-0001', note: 'Pencairan bulan lalu (data demo)' }, { id: admin.id, name: 'Admin Pasar' }, now);
}
