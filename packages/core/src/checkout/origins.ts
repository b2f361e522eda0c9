/**
 * One payment, one shipment per origin (issue 28, docs/decisions/049-one-payment-many-shipments.md):
 * a cart's lines grouped by where they ship from, the same way on the checkout page and the server.
 */

export interface OriginGroup<T> {
  /** The origin district (a partner's, or the store's for lines whose business has none); null when neither is known. */
  origin_district_id: number | null;
  items: T[];
  /** Each item's index in the cart, so a group's lines can be found in the order sent. */
  indexes: number[];
}

/**
 * The cart's items grouped by origin district, in the cart's order of first appearance. Items whose
 * business has no district are the store's own: they join the group of the store's district when
 * there is one, else the first group (they add no shipment of their own), else a group of the
 * store's district (`fallback`) — the cart page's rule (core/cart originGroups, issue 16).
 */
export function groupByOrigin<T>(items: readonly T[], originOf: (item: T) => number | null | undefined, fallback: number | null | undefined): OriginGroup<T>[] {
  const groups = new Map<number | null, OriginGroup<T>>();
  const add = (origin: number | null, item: T, index: number) => {
    let group = groups.get(origin);
    if (!group) {
      group = { origin_district_id: origin, items: [], indexes: [] };
      groups.set(origin, group);
    }
    group.items.push(item);
    group.indexes.push(index);
  };
  const own: [T, number][] = [];
  items.forEach((item, index) => {
    const origin = originOf(item);
    if (typeof origin === 'number' && origin > 0) add(origin, item, index);
    else own.push([item, index]);
  });
  const home = typeof fallback === 'number' && fallback > 0 ? fallback : null;
  const target = (home !== null && groups.has(home) ? home : groups.keys().next().value) ?? home;
  for (const [item, index] of own) add(target, item, index);
  // Keep the cart's order within a group.
  for (const group of groups.values()) {
    const order = group.indexes.map((index, i) => [index, group.items[i]!] as const).sort((a, b) => a[0] - b[0]);
    group.indexes = order.map(([index]) => index);
    group.items = order.map(([, item]) => item);
  }
  return [...groups.values()];
}

/** A shipment's senders as shoppers know them: the distinct business names, in order ("Keripik Bu Sri, Batik Laweyan"). */
export function originLabel(names: readonly (string | null | undefined)[]): string | null {
  const distinct = [...new Set(names.map((n) => n?.trim()).filter((n): n is string => Boolean(n)))];
  return distinct.length > 0 ? distinct.join(', ') : null;
}

/**
 * The first product of a group marked "hanya kirim lokal" (products.local_only), which rules out a
 * national courier for the whole group; null when the group may ship nationally.
 */
export function firstLocalOnly<P extends { name: string; local_only?: boolean | null | undefined }>(products: readonly P[]): P | null {
  return products.find((p) => p.local_only === true) ?? null;
}
