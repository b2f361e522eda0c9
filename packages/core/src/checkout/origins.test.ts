import { describe, expect, it } from 'vitest';
import { firstLocalOnly, groupByOrigin, originLabel } from './origins';

describe('origin groups (decision 049)', () => {
  const lines = [
    { id: 'a', origin: 327319 },
    { id: 'b', origin: 327314 },
    { id: 'c', origin: null },
    { id: 'd', origin: 327314 },
    { id: 'e', origin: 947101 },
  ];
  it("groups lines by origin in the cart's order, the store's own lines with the store's district", () => {
    const groups = groupByOrigin(lines, (l) => l.origin, 327319);
    expect(groups.map((g) => [g.origin_district_id, g.items.map((i) => i.id), g.indexes])).toEqual([
      [327319, ['a', 'c'], [0, 2]],
      [327314, ['b', 'd'], [1, 3]],
      [947101, ['e'], [4]],
    ]);
  });
  it("puts the store's own lines in the first group when no partner ships from the store's district, as the cart does", () => {
    const groups = groupByOrigin([{ origin: 327314 }, { origin: null }, { origin: 947101 }], (l) => l.origin, 327319);
    expect(groups.map((g) => [g.origin_district_id, g.indexes])).toEqual([
      [327314, [0, 1]],
      [947101, [2]],
    ]);
    expect(groupByOrigin([{ origin: null }], (l) => l.origin, 327319).map((g) => g.origin_district_id)).toEqual([327319]);
  });
  it('keeps lines of no known origin together when the store has no district either', () => {
    const groups = groupByOrigin([{ origin: null }, { origin: 0 }], (l) => l.origin, null);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.origin_district_id).toBeNull();
  });
  it("labels a shipment with its senders' distinct names", () => {
    expect(originLabel(['Keripik Bu Sri', null, 'Batik Laweyan', 'Keripik Bu Sri '])).toBe('Keripik Bu Sri, Batik Laweyan');
    expect(originLabel([null, ''])).toBeNull();
  });
  it('finds the first local-only product of a group', () => {
    expect(firstLocalOnly([{ name: 'Opak', local_only: false }, { name: 'Es krim', local_only: true }])?.name).toBe('Es krim');
    expect(firstLocalOnly([{ name: 'Opak' }])).toBeNull();
  });
});
