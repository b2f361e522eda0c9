/**
 * The keys the unpaid-order caps count by (issue 26 part 4, docs/decisions/045-order-caps-that-hold.md).
 * An unpaid order costs nothing and holds stock, so a buyer's open unpaid orders are capped per
 * e-mail, per shipping address and per account; these keys make the trivial variants of one
 * e-mail or one address count as the same one. Migration 0019's `order_cap_email` and
 * `order_cap_address` compute the same keys in SQL for the orders placed before it, and a test
 * checks that both agree; change them together.
 *
 * Only ASCII is lowercased and only [a-z0-9] kept (after accents are taken off), so JavaScript and
 * PostgreSQL, whatever its locale, give the same answer.
 */

/** Whitespace as both sides define it (JavaScript's `\s` and `trim` also take Unicode spaces). */
const SPACE = /[ \t\n\r\f\v]+/g;

/** NFKD, accents off, ASCII letters lowercased: "Jl. Cikapundung Barat" → "jl. cikapundung barat". */
function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Domains where the dots of the name are ignored and `googlemail.com` is the same mailbox. */
const GMAIL = 'gmail.com';
const GMAIL_ALIASES = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, one key: case, `+tag` (on every domain: a false match only makes two buyers share a
 * cap, a missed one lets one buyer pass it), Gmail's dots and `googlemail.com`.
 * `Budi.Santoso+promo@GoogleMail.com` → `budisantoso@gmail.com`.
 */
export function capEmailKey(email: string): string {
  const address = plain(email).replace(SPACE, '');
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus >= 0) name = name.slice(0, plus);
  if (GMAIL_ALIASES.has(domain)) {
    domain = GMAIL;
    name = name.replace(/\./g, '');
  }
  return `${name}@${domain}`;
}

/** Words that say nothing about where the house is: "Jalan Merdeka No. 7" is "Merdeka 7". */
const NOISE = new Set(['jl', 'jln', 'jalan', 'no', 'nmr', 'nomor', 'nomer']);

/** Short forms and their full word, so either spelling gives one key. */
const FULL: Record<string, string> = {
  gg: 'gang',
  blk: 'blok',
  kav: 'kavling',
  komp: 'komplek',
  kompleks: 'komplek',
  komplex: 'komplek',
  perum: 'perumahan',
  kel: 'kelurahan',
  kec: 'kecamatan',
  ds: 'desa',
  dsn: 'dusun',
  kab: 'kabupaten',
};

/** RT and RW (neighbourhood units) and the numbers after them are left out of the key. */
const NEIGHBOURHOOD = new Set(['rt', 'rw']);

/**
 * One place, one key, within its district (the count also matches the district id): the words
 * "Jalan"/"Jl."/"Jln." and "Nomor"/"No." dropped, common short forms spelled out, leading zeros
 * off, RT/RW left out (an address with them and the same without are one address), and
 * punctuation and spacing ignored. 'Jl. Merdeka No. 07 RT 01/RW 02' → 'merdeka7'.
 * An address without a Latin letter or digit keeps its text with its spaces collapsed.
 */
export function capAddressKey(address: string): string {
  const text = plain(address);
  let key = '';
  let inNeighbourhood = false;
  for (const [token] of text.matchAll(/[a-z]+|[0-9]+/g)) {
    const number = /^[0-9]/.test(token);
    if (NEIGHBOURHOOD.has(token)) {
      inNeighbourhood = true;
      continue;
    }
    // "RT 01/RW 02", "RT/RW 001/002", "rt.1 rw.2": the numbers after RT or RW belong to them.
    if (inNeighbourhood && number) continue;
    inNeighbourhood = false;
    if (NOISE.has(token)) continue;
    key += number ? token.replace(/^0+(?=[0-9])/, '') : (FULL[token] ?? token);
  }
  if (key !== '') return key;
  return text.replace(SPACE, ' ').replace(/^ | $/g, '');
}

/** Units of one order as a whole, whatever its lines (issue 26: 100 lines of 50 held 5,000). */
export function orderUnits(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
