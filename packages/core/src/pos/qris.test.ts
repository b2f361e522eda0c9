import { describe, expect, it } from 'vitest';
import { crc16, dynamicQris, isValidQris, parseTlv, qrisMerchantName, QrisFormatError } from './qris';

// docs/integrations.md §3 (synthetic merchant) and §3.4 (public dummy payload).
const STATIC =
  '00020101021126690017ID.CO.EXAMPLE.WWW011893600000000000000102150000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10000000000010303UMI5204581253033605802ID5911TOKO CONTOH6010YOGYAKARTA61055511162070703A0163046291';
const DYNAMIC_15000 =
  '00020101021226690017ID.CO.EXAMPLE.WWW011893600000000000000102150000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10000000000010303UMI5204581253033605405150005802ID5911TOKO CONTOH6010YOGYAKARTA61055511162070703A01630482F3';
const CSDN =
  '00020101021226610016ID.CO.SHOPEE.WWW01189360091800200869990208200869990303UMI520453995303360540869300.005802ID5912Epoint DUMMY6015KOTA JAKARTA UT61051446062330521628008-A000037-1156460704T001630446E4';

describe('QRIS', () => {
  it('computes CRC-16/CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(CSDN.slice(0, -4))).toBe('46E4');
    expect(crc16(STATIC.slice(0, -4))).toBe('6291');
  });

  it('validates payloads by structure and CRC', () => {
    expect(isValidQris(STATIC)).toBe(true);
    expect(isValidQris(CSDN)).toBe(true);
    expect(isValidQris(STATIC.slice(0, -1) + '0')).toBe(false);
    expect(isValidQris('bukan qris')).toBe(false);
  });

  it('turns the static payload into the known-good dynamic one for Rp15.000', () => {
    expect(dynamicQris(STATIC, 15000)).toBe(DYNAMIC_15000);
  });

  it('replaces an existing amount instead of adding a second tag 54', () => {
    const again = dynamicQris(DYNAMIC_15000, 27500);
    const tags = parseTlv(again).map((t) => t.tag);
    expect(tags.filter((t) => t === '54')).toHaveLength(1);
    expect(parseTlv(again).find((t) => t.tag === '54')?.value).toBe('27500');
    expect(isValidQris(again)).toBe(true);
  });

  it('refuses a broken payload or amount', () => {
    expect(() => dynamicQris(STATIC.slice(0, -4) + '0000', 1000)).toThrow(QrisFormatError);
    expect(() => dynamicQris(STATIC, 0)).toThrow(QrisFormatError);
    expect(() => dynamicQris(STATIC, 10.5)).toThrow(QrisFormatError);
  });

  it('reads the merchant name', () => {
    expect(qrisMerchantName(STATIC)).toBe('TOKO CONTOH');
  });
});
