/**
 * Indonesia's provinces, cities/regencies and districts from `idn-area-data` 3.1.2
 * (ODbL data, see README), loaded once and kept in memory. Ids are the official codes
 * without dots (32, 3273, 327301), numbers as the business form submits them.
 */
import { getDistricts, getProvinces, getRegencies } from 'idn-area-data';

import type { Area } from '@pasar/core/locations';

interface Areas {
  provinces: Area[];
  citiesByProvince: Map<number, Area[]>;
  districtsByCity: Map<number, Area[]>;
  cityProvince: Map<number, number>;
  districtCity: Map<number, number>;
}

const upperWords = new Set(['DKI', 'DI']);

/** 'KOTA BANDUNG' → 'Kota Bandung', 'DKI JAKARTA' → 'DKI Jakarta'; Title Case names stay as they are. */
export function displayName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((w) => (upperWords.has(w.toUpperCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const toId = (code: string) => Number(code.replaceAll('.', ''));

const byName = (a: Area, b: Area) => a.name.localeCompare(b.name, 'id');
const toArea = (row: { code: string; name: string }): Area => ({ id: toId(row.code), name: displayName(row.name) });

/** Cities under their province, districts under their city: each list sorted by name, and each area's parent. */
function underParents<R extends { code: string; name: string }>(rows: readonly R[], parentCode: (row: R) => string): { byParent: Map<number, Area[]>; parentOf: Map<number, number> } {
  const byParent = new Map<number, Area[]>();
  const parentOf = new Map<number, number>();
  for (const row of rows) {
    const parent = toId(parentCode(row));
    const area = toArea(row);
    parentOf.set(area.id, parent);
    const list = byParent.get(parent) ?? [];
    list.push(area);
    byParent.set(parent, list);
  }
  for (const list of byParent.values()) list.sort(byName);
  return { byParent, parentOf };
}

let loading: Promise<Areas> | undefined;

export function embeddedAreas(): Promise<Areas> {
  loading ??= (async () => {
    const [provinces, regencies, districts] = await Promise.all([getProvinces(), getRegencies(), getDistricts()]);
    const cities = underParents(regencies, (r) => r.province_code);
    const districtsOf = underParents(districts, (d) => d.regency_code);
    return {
      provinces: provinces.map(toArea).sort(byName),
      citiesByProvince: cities.byParent,
      districtsByCity: districtsOf.byParent,
      cityProvince: cities.parentOf,
      districtCity: districtsOf.parentOf,
    };
  })();
  return loading;
}

/** The province of a district in the embedded numbering: its first two digits. */
export function provinceOfDistrict(districtId: number): number {
  return Math.floor(districtId / 10_000);
}
