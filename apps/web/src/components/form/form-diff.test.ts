import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formDifferences, showValue } from './form-diff';

const labels = { name: 'Nama usaha', city_id: 'Kota/kabupaten', is_active: 'Aktif', description: 'Deskripsi' };

describe('formDifferences (edit conflicts, issue 31 item 16)', () => {
  it('lists the labelled fields that differ, in the order of the labels, with both values', () => {
    const mine = { name: 'Rajut Ceria', city_id: '3273', is_active: true, description: 'Tas rajut' };
    const latest = { name: 'Rajut Ceria Bandung', city_id: '3273', is_active: false, description: 'Tas rajut' };
    expect(formDifferences(mine, latest, labels)).toEqual([
      { field: 'name', label: 'Nama usaha', mine: 'Rajut Ceria', latest: 'Rajut Ceria Bandung' },
      { field: 'is_active', label: 'Aktif', mine: 'Ya', latest: 'Tidak' },
    ]);
  });
  it('finds nothing when the typed values are the latest ones; spaces around text and number-as-text do not count', () => {
    expect(formDifferences({ name: ' Rajut ', city_id: 3273, is_active: true, description: '' }, { name: 'Rajut', city_id: '3273', is_active: true, description: null }, labels)).toEqual([]);
  });
  it('leaves out fields the form does not name (a row key, an upload)', () => {
    expect(formDifferences({ name: 'A', upload: 'x.pdf', key: 1 }, { name: 'A', upload: null, key: 2 }, { name: 'Nama' })).toEqual([]);
  });
  it('reads a field through the form’s own display (a city by its name)', () => {
    const cities: Record<string, string> = { '3273': 'Kota Bandung', '3204': 'Kabupaten Bandung' };
    const show = { city_id: (v: unknown) => cities[String(v)] ?? showValue(v) };
    expect(formDifferences({ city_id: '3273' }, { city_id: '3204' }, { city_id: 'Kota/kabupaten' }, show)).toEqual([{ field: 'city_id', label: 'Kota/kabupaten', mine: 'Kota Bandung', latest: 'Kabupaten Bandung' }]);
  });
  it('compares rows of a list item by item, ignoring their keys', () => {
    const mine = { bank_accounts: [{ key: 1, bank_name: 'BCA', account_number: '123' }] };
    expect(formDifferences(mine, { bank_accounts: [{ key: 9, bank_name: 'BCA', account_number: '123' }] }, { bank_accounts: 'Rekening' })).toEqual([]);
    expect(formDifferences(mine, { bank_accounts: [] }, { bank_accounts: 'Rekening' })).toEqual([{ field: 'bank_accounts', label: 'Rekening', mine: 'BCA, 123', latest: EMPTY_VALUE }]);
  });
});
