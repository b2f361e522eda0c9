/**
 * The checkout's write batch (issue 30 §3, docs/decisions/080-checkout-write-batches.md): the orders
 * of concurrent checkouts are written together, one statement and one commit for those that arrived
 * while the previous write of this process ran. An order alone, when nothing is being written, goes
 * at once, so a quiet shop waits for no batch. The batch's statement is the one-order statement with
 * more rows (orders.repository.ts writePlacedOrders); its triggers are statement triggers, so their
 * cost is the batch's, not each order's.
 *
 * A batch never holds two orders that the database must tell apart: two of one buyer (they would
 * count their unpaid orders in one snapshot and could pass a cap together), of one Idempotency-Key,
 * or of one order id (a quote's, raced). Those wait for the next batch. When a batch fails (a product
 * short, a cap reached, any error), nothing of it was written, and each of its orders is written
 * alone, so each buyer gets their own answer: sold out, capped or placed.
 */
import type { Db } from '../../db/client';
import { batchable, placedRows, writePlacedOrder, writePlacedOrders, type PlacedOrderWrite } from './orders.repository';

/** Orders in one statement at most, and parameters (PostgreSQL takes 65,535). */
const MAX_ORDERS = 50;
const MAX_PARAMS = 30_000;

interface Waiting {
  write: PlacedOrderWrite;
  /** What no other order in its batch may share (see the module's comment). */
  keys: string[];
  /** Its share of the statement's parameters, about. */
  params: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function keysOf(write: PlacedOrderWrite): string[] {
  const { order } = write.placed;
  const keys = [`order:${order.id}`];
  if (order.idempotency_key) keys.push(`idempotency:${order.idempotency_key}`);
  const caps = write.caps;
  if (caps) {
    if (caps.userId !== null) keys.push(`account:${caps.userId}`);
    if (caps.email !== null) keys.push(`email:${caps.email}`);
    if (caps.address !== null) keys.push(`address:${caps.districtId}:${caps.address}`);
  }
  return keys;
}

function paramsOf(write: PlacedOrderWrite): number {
  return placedRows(write.placed).reduce((sum, row) => sum + Object.keys(row).length, 0) + write.lines.length * 4 + 8;
}

class OrderWriteBatch {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  write(write: PlacedOrderWrite): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ write, keys: keysOf(write), params: paramsOf(write), resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.waiting.length === 0) return;
    this.writing = true;
    const batch = this.take();
    void this.run(batch).finally(() => {
      this.writing = false;
      this.next();
    });
  }

  /** The waiting orders, first come first, that can share a statement; the others keep their places. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const taken = new Set<string>();
    let params = 0;
    for (let i = 0; i < this.waiting.length && batch.length < MAX_ORDERS; ) {
      const w = this.waiting[i]!;
      if (w.keys.some((k) => taken.has(k)) || (batch.length > 0 && params + w.params > MAX_PARAMS)) {
        i += 1;
        continue;
      }
      batch.push(w);
      for (const k of w.keys) taken.add(k);
      params += w.params;
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      try {
        await writePlacedOrders(this.db, batch.map((w) => w.write));
        for (const w of batch) w.resolve();
        return;
      } catch {
        // Whose order failed, and why, is known only by writing each alone; nothing of the batch was written.
      }
    }
    await Promise.all(batch.map((w) => writeAlone(this.db, w)));
  }
}

/** One order in a statement of its own (writePlacedOrder's, without asking again whether it is batchable). */
async function writeAlone(db: Db, w: Waiting): Promise<void> {
  try {
    await writePlacedOrders(db, [w.write]);
    w.resolve();
  } catch (error) {
    w.reject(error);
  }
}

const batches = new WeakMap<Db, OrderWriteBatch>();

/**
 * Writes a placed order (orders.repository.ts writePlacedOrder's contract: its errors, its
 * atomicity), with the orders of concurrent checkouts of this process when some are waiting.
 */
export function writeOrderInBatch(db: Db, write: PlacedOrderWrite): Promise<void> {
  if (!batchable(write.placed)) return writePlacedOrder(db, write.placed, write.lines, write.caps);
  let batch = batches.get(db);
  if (!batch) {
    batch = new OrderWriteBatch(db);
    batches.set(db, batch);
  }
  return batch.write(write);
}
