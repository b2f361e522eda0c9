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

let loading: Promise<Areas> | undefined;

export function embeddedAreas(): Promise<Areas> {
  loading ??= (async () => {
    const [provinces, regencies, districts] = await Promise.all([getProvinces(), getRegencies(), getDistricts()]);
    const citiesByProvince = new Map<number, Area[]>();
    const cityProvince = new Map<number, number>();
    for (const r of regencies) {
      const province = toId(r.province_code);
      const city = { id: toId(r.code), name: displayName(r.name) };
      cityProvince.set(city.id, province);
      const list = citiesByProvince.get(province) ?? [];
      list.push(city);
      citiesByProvince.set(province, list);
    }
    const districtsByCity = new Map<number, Area[]>();
    const districtCity = new Map<number, number>();
    for (const d of districts) {
      const city = toId(d.regency_code);
      const district = { id: toId(d.code), name: displayName(d.name) };
      districtCity.set(district.id, city);
      const list = districtsByCity.get(city) ?? [];
      list.push(district);
      districtsByCity.set(city, list);
    }
    const byName = (a: Area, b: Area) => a.name.localeCompare(b.name, 'id');
    for (const list of citiesByProvince.values()) list.sort(byName);
    for (const list of districtsByCity.values()) list.sort(byName);
    return {
      provinces: provinces.map((p) => ({ id: toId(p.code), name: displayName(p.name) })).sort(byName),
      citiesByProvince,
      districtsByCity,
      cityProvince,
      districtCity,
    };
  })();
  return loading;
}

/** The province of a district in the embedded numbering: its first two digits. */
export function provinceOfDistrict(districtId: number): number {
  return Math.floor(districtId / 10_000);
}
