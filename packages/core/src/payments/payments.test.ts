import { describe, expect, it } from 'vitest';
import { detectProofType, paymentSettingsSchema, paymentStateLabel, uniqueCodeFor, whatsappLink, whatsappNumber } from './index';
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('proof type by content', () => {
  it('recognises JPG, PNG, WEBP and PDF by their first bytes', () => {
    expect(detectProofType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectProofType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectProofType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectProofType(ascii('%PDF-1.7\n'))).toBe('application/pdf');
  });
  it('refuses anything else, whatever it is called', () => {
    expect(detectProofType(ascii('<svg></svg>'))).toBeNull();
    expect(detectProofType(ascii('GIF89a'))).toBeNull();
    expect(detectProofType(new Uint8Array())).toBeNull();
  });
});

describe('kode unik', () => {
  it('stays within 1..999 and differs between consecutive orders', () => {
    const codes = Array.from({ length: 2000 }, (_, i) => uniqueCodeFor(i + 1));
    expect(Math.min(...codes)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...codes)).toBeLessThanOrEqual(999);
    for (let i = 1; i < codes.length; i++) expect(codes[i]).not.toBe(codes[i - 1]);
  });
});

describe('payment settings', () => {
  it('defaults keep the spec totals (kode unik off) and the 24 h deadline', () => {
    const s = paymentSettingsSchema.parse({});
    expect(s.unique_code_enabled).toBe(false);
    expect(s.manual_deadline_hours).toBe(24);
  });
  it('refuses a deadline of 0 hours in Indonesian', () => {
    const r = paymentSettingsSchema.safeParse({ manual_deadline_hours: 0 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Batas waktu minimal 1 jam.');
  });
  it('gives a proof 48 h of verification by default, 1 to 168 whole hours (decision 044)', () => {
    expect(paymentSettingsSchema.parse({}).verification_window_hours).toBe(48);
    expect(paymentSettingsSchema.safeParse({ verification_window_hours: 0 }).error?.issues[0]?.message).toBe('Batas verifikasi minimal 1 jam.');
    expect(paymentSettingsSchema.safeParse({ verification_window_hours: 169 }).error?.issues[0]?.message).toBe('Batas verifikasi maksimal 168 jam (7 hari).');
    expect(paymentSettingsSchema.safeParse({ verification_window_hours: 1.5 }).error?.issues[0]?.message).toBe('Batas verifikasi harus bilangan bulat jam.');
  });
});

describe('labels and WhatsApp', () => {
  it('a submitted proof reads Menunggu verifikasi', () => {
    expect(paymentStateLabel('unpaid', 'submitted')).toBe('Menunggu verifikasi');
    expect(paymentStateLabel('unpaid', 'none')).toBe('Belum dibayar');
    expect(paymentStateLabel('paid', 'submitted')).toBe('Sudah dibayar');
  });
  it('a paid order says what refunds gave back (issue 28): all, part, or nothing yet', () => {
    expect(paymentStateLabel('paid', 'none', { refunded: 50_000, total: 50_000 })).toBe('Dana dikembalikan');
    expect(paymentStateLabel('paid', 'none', { refunded: 5_000, total: 50_000 })).toBe('Dana dikembalikan sebagian');
    expect(paymentStateLabel('paid', 'none', { refunded: 0, total: 50_000 })).toBe('Sudah dibayar');
    expect(paymentStateLabel('unpaid', 'none', { refunded: 5_000, total: 50_000 })).toBe('Belum dibayar');
  });
  it('an order that expired with its proof still waiting reads Verifikasi terlambat, any other expiry Kedaluwarsa', () => {
    expect(paymentStateLabel('expired', 'submitted')).toBe('Verifikasi terlambat');
    expect(paymentStateLabel('expired', 'rejected')).toBe('Kedaluwarsa');
    expect(paymentStateLabel('expired', 'none')).toBe('Kedaluwarsa');
  });
  it('turns Indonesian numbers into 62…', () => {
    expect(whatsappNumber('0812-3456-7890')).toBe('6281234567890');
    expect(whatsappNumber('+62 812 3456 7890')).toBe('6281234567890');
    expect(whatsappNumber('12')).toBeNull();
    expect(whatsappLink('08123456789', 'Pesanan #5')).toBe('https://wa.me/628123456789?text=Pesanan%20%235');
  });
});
