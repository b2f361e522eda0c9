/**
 * QRIS (EMVCo merchant-presented mode) for the point of sale (docs/integrations.md §3).
 * A store's static QRIS is turned into a dynamic one for the exact amount of a sale by parsing
 * the TLV objects, setting tag 01 (point of initiation) to `12`, adding or replacing tag 54
 * (amount) and recomputing the CRC (tag 63). Parsing, rather than blind string replacement,
 * cannot hit a `010211` inside a merchant id and never produces a second tag 54.
 */

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR; 4 uppercase hex. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** UTF-8 bytes without TextEncoder: core runs with no DOM or Node typings. */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else for (const hex of encodeURIComponent(ch).split('%').slice(1)) out.push(parseInt(hex, 16));
  }
  return out;
}

export interface Tlv {
  tag: string;
  value: string;
}

export class QrisFormatError extends Error {}

/** Splits a payload into its top-level TLV objects (2-digit tag, 2-digit length, value). */
export function parseTlv(payload: string): Tlv[] {
  const out: Tlv[] = [];
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const lengthText = payload.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(lengthText)) throw new QrisFormatError(`TLV rusak pada posisi ${at}`);
    const length = Number(lengthText);
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new QrisFormatError(`Nilai tag ${tag} terpotong`);
    out.push({ tag, value });
    at += 4 + length;
  }
  return out;
}

const emit = (items: Tlv[]) => items.map((i) => `${i.tag}${String(i.value.length).padStart(2, '0')}${i.value}`).join('');

/** Whether a payload is well formed and its CRC matches. */
export function isValidQris(payload: string): boolean {
  const trimmed = payload.trim();
  if (!/6304[0-9A-Fa-f]{4}$/.test(trimmed)) return false;
  try {
    const items = parseTlv(trimmed);
    if (items[0]?.tag !== '00' || items.at(-1)?.tag !== '63') return false;
  } catch {
    return false;
  }
  return crc16(trimmed.slice(0, -4)) === trimmed.slice(-4).toUpperCase();
}

/** The merchant name (tag 59) of a payload, or null. */
export function qrisMerchantName(payload: string): string | null {
  try {
    return parseTlv(payload.trim()).find((i) => i.tag === '59')?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * A dynamic QRIS for `amount` whole rupiah from a static (or dynamic) payload.
 * Throws QrisFormatError when the payload is not a valid QRIS.
 */
export function dynamicQris(staticPayload: string, amount: number): string {
  const payload = staticPayload.trim();
  if (!isValidQris(payload)) throw new QrisFormatError('Payload QRIS tidak valid (format atau CRC salah).');
  if (!Number.isInteger(amount) || amount <= 0 || amount > 9_999_999_999) throw new QrisFormatError('Nominal QRIS harus bilangan bulat rupiah lebih dari 0.');
  const items = parseTlv(payload).filter((i) => i.tag !== '63' && i.tag !== '54');
  const initiation = items.find((i) => i.tag === '01');
  if (initiation) initiation.value = '12';
  else items.splice(1, 0, { tag: '01', value: '12' });
  items.push({ tag: '54', value: String(amount) });
  // EMVCo orders top-level objects by tag: 54 lands before 58 (country) as the spec examples show.
  items.sort((a, b) => Number(a.tag) - Number(b.tag));
  const body = `${emit(items)}6304`;
  return body + crc16(body);
}
