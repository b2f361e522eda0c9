/**
 * Issue 15: the assistant's index scores over postings and keeps only the best few. Whatever the
 * limit or filter, the answer is the head of the full ranking, equal scores keep the documents'
 * order, and each result's matched words are the words it has (by bits up to 32 words, counted
 * one by one above).
 */
import { describe, expect, it } from 'vitest';
import { AssistantIndex, type AssistantDoc } from './retrieval';
import { seededRandom } from '../testing/index';

const words = [
  'keripik', 'tempe', 'singkong', 'dodol', 'garut', 'sambal', 'roa', 'kopi', 'arabika', 'madu', 'hutan', 'batik', 'tulis', 'tas', 'anyaman', 'rotan',
  'sabun', 'sereh', 'lulur', 'teh', 'melati', 'kirim', 'ongkir', 'simpan', 'tahan', 'lama', 'oleh-oleh', 'refund', 'rusak', 'bayar', 'transfer',
  'halal', 'kering', 'renyah', 'pedas', 'manis', 'premium', 'original', 'jumbo', 'mini', 'bandung', 'medan', 'kulkas', 'galeri', 'kaos', 'ukuran',
];
const rand = seededRandom(15);
const pick = () => words[Math.floor(rand() * words.length)]!;
const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');

interface Doc extends AssistantDoc {
  kind: 'product';
  id: number;
}
const docs: Doc[] = Array.from({ length: 1500 }, (_, i) => {
  const title = sentence(3);
  return { kind: 'product', id: i, title, heading: title, body: sentence(12) };
});
// Two identical documents: equal scores, the earlier one first.
docs.push({ kind: 'product', id: 1500, title: 'Rengginang Lorjuk', heading: 'Rengginang Lorjuk', body: 'rengginang lorjuk sidoarjo' });
docs.push({ kind: 'product', id: 1501, title: 'Rengginang Lorjuk', heading: 'Rengginang Lorjuk', body: 'rengginang lorjuk sidoarjo' });
const index = new AssistantIndex(docs);

const questions = [
  'keripik tempe pedas',
  'bisa kirim ke medan? ongkir berapa',
  'cara simpan madu hutan biar tahan lama',
  'barang rusak bisa refund?',
  'oleh-oleh khas bandung',
  'kopi',
  // More than 32 words: matched words are counted one by one.
  words.join(' '),
];

describe('AssistantIndex.search over postings (issue 15)', () => {
  it('answers the head of the full ranking for any limit and filter', () => {
    for (const question of questions) {
      const all = index.search(question, docs.length);
      expect(all.length).toBeGreaterThan(0);
      for (let k = 1; k < all.length; k++) expect(all[k - 1]!.score).toBeGreaterThanOrEqual(all[k]!.score);
      for (const limit of [1, 3, 8]) expect(index.search(question, limit)).toEqual(all.slice(0, limit));
      const even = (d: Doc) => d.id % 2 === 0;
      expect(index.search(question, 5, even)).toEqual(all.filter((r) => even(r.doc)).slice(0, 5));
      // Again: the per-search scratch is left clean.
      expect(index.search(question, 8)).toEqual(all.slice(0, 8));
    }
  });

  it('counts the words each result has, by bits and one by one', () => {
    for (const question of questions) {
      for (const r of index.search(question, 50)) {
        expect(r.matched).toBe(r.terms.length);
        expect(r.matched).toBeGreaterThan(0);
      }
    }
    const long = index.search(words.join(' '), 20);
    expect(Math.max(...long.map((r) => r.matched))).toBeGreaterThan(10);
  });

  it('keeps equal scores in document order', () => {
    const [first, second] = index.search('rengginang lorjuk', 2);
    expect(first!.score).toBe(second!.score);
    expect([first!.doc.id, second!.doc.id]).toEqual([1500, 1501]);
    expect(index.search('rengginang lorjuk', 1).map((r) => r.doc.id)).toEqual([1500]);
  });
});
