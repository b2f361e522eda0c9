/**
 * The sale being rung up survives leaving the POS and a reload (issue 17): the cart lines, the
 * customer, the payment choice and the notes are kept in browser storage until the sale is
 * recorded or the cashier empties the cart. One draft per signed-in user, so a second admin on
 * the same counter browser does not inherit someone else's sale. The prices kept are the ones the
 * cashier saw; the server checks them when the sale is paid (issue 13 §9), as for a fresh cart.
 * Whatever does not read back as a draft is discarded.
 */
import { z } from 'zod';
import { POS_PAYMENT_METHODS, posLineKey, type PosCartLine } from '@pasar/core/pos';
import { readJson, removeKey, writeJson } from '../../lib/storage';
import type { PosCustomer, PosPayment } from './sale-payload';

export interface PosDraft {
  lines: PosCartLine[];
  customer: PosCustomer;
  payment: PosPayment;
  notes: string;
}

const lineSchema = z
  .object({
    key: z.string(),
    product_id: z.number().int().positive(),
    name: z.string(),
    variant_label: z.string().nullable(),
    price: z.number().int().nonnegative(),
    stock: z.number().int().nonnegative(),
    quantity: z.number().int().positive(),
  })
  .refine((l) => l.key === posLineKey(l.product_id, l.variant_label));

const draftSchema = z.object({
  lines: z.array(lineSchema).max(500),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  payment: z.object({ method: z.enum(POS_PAYMENT_METHODS), cash: z.string(), reference: z.string() }),
  notes: z.string(),
});

const keyFor = (userId: number) => `pos-sale:${userId}`;

export function readPosDraft(userId: number): PosDraft | null {
  // Absent and unreadable both come back undefined; removing an absent key is harmless.
  const parsed = draftSchema.safeParse(readJson<unknown>(keyFor(userId)));
  if (!parsed.success) {
    removeKey(keyFor(userId));
    return null;
  }
  return parsed.data;
}

/** Keeps the draft; a draft with nothing in it is removed rather than stored. */
export function writePosDraft(userId: number, draft: PosDraft): void {
  const empty = draft.lines.length === 0 && !draft.customer.name && !draft.customer.phone && !draft.customer.email && !draft.notes && !draft.payment.cash && !draft.payment.reference;
  if (empty) removeKey(keyFor(userId));
  else writeJson(keyFor(userId), draft);
}
