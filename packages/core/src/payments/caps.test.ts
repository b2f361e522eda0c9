import { describe, expect, it } from 'vitest';
import { capAddressKey, capEmailKey, orderUnits } from './caps';

describe('capEmailKey', () => {
  it('ignores case and spaces around the address', () => {
    expect(capEmailKey('  Budi@Contoh.ID ')).toBe('budi@contoh.id');
  });

  it('drops a +tag on any domain', () => {
    expect(capEmailKey('buyer+1@gmail.com')).toBe('buyer@gmail.com');
    expect(capEmailKey('buyer+promo+2@contoh.id')).toBe('buyer@contoh.id');
  });

  it("drops Gmail's dots and reads googlemail.com as gmail.com", () => {
    expect(capEmailKey('b.u.y.e.r@gmail.com')).toBe('buyer@gmail.com');
    expect(capEmailKey('Budi.Santoso+promo@GoogleMail.com')).toBe('budisantoso@gmail.com');
  });

  it('keeps the dots of other domains, where they name another mailbox', () => {
    expect(capEmailKey('budi.santoso@contoh.id')).toBe('budi.santoso@contoh.id');
    expect(capEmailKey('budi.santoso@contoh.id')).not.toBe(capEmailKey('budisantoso@contoh.id'));
  });

  it('splits at the last @', () => {
    expect(capEmailKey('"a@b"+x@gmail.com')).toBe('"a@b"@gmail.com');
  });
});

describe('capAddressKey', () => {
  it('makes the hand-worked variants of one address one key', () => {
    const key = 'merdeka7';
    expect(capAddressKey('Jl. Merdeka No. 07 RT 01/RW 02')).toBe(key);
    expect(capAddressKey('jalan merdeka nomor 7 rt.1 rw.2')).toBe(key);
    expect(capAddressKey('Jl. Merdeka 7')).toBe(key);
    expect(capAddressKey('Jl. Merdeka 7 RT 01/RW 02')).toBe(key);
    expect(capAddressKey('JLN MERDEKA NO.7, RT/RW 001/002')).toBe(key);
    expect(capAddressKey('Jalan  Merdeka,   Nomor 007')).toBe(key);
    expect(capAddressKey('Jl.Merdeka No.7')).toBe(key);
  });

  it('spells out common short forms', () => {
    expect(capAddressKey('Gg. Mawar Blk. C-05 Kav. 2')).toBe(capAddressKey('Gang Mawar Blok C 5 Kavling 2'));
    expect(capAddressKey('Komp. Griya Asri')).toBe('komplekgriyaasri');
    expect(capAddressKey('Perum. Bumi Asri Kel. Sukajadi')).toBe('perumahanbumiasrikelurahansukajadi');
  });

  it('takes accents off and keeps the house number apart from the street', () => {
    expect(capAddressKey('Jl. Cikapundung Barát No. 1')).toBe('cikapundungbarat1');
    expect(capAddressKey('Jl. Merdeka 7')).not.toBe(capAddressKey('Jl. Merdeka 8'));
    expect(capAddressKey('Jl. Braga No. 10')).not.toBe(capAddressKey('Jl. Braga No. 1'));
  });

  it('keeps a number that does not follow RT or RW', () => {
    expect(capAddressKey('Jl. Merdeka RT 3 No. 7')).toBe('merdeka7');
    expect(capAddressKey('RT 03 RW 04 Jl. Merdeka 7')).toBe('merdeka7');
  });

  it('keeps an address without Latin letters or digits, spaces collapsed', () => {
    expect(capAddressKey('  北京   路  ')).toBe('北京 路');
  });
});

describe('orderUnits', () => {
  it('adds every line of the order', () => {
    expect(orderUnits([])).toBe(0);
    expect(orderUnits(Array.from({ length: 100 }, () => ({ quantity: 50 })))).toBe(5000);
  });
});
