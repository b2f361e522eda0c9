/**
 * Issue 15: the products a question names are found from inverted maps of name words (issue 16's
 * rule: every word of a name, else two words of a name of three or more). Checked against the
 * rule applied to every name of a generated catalogue.
 */
import { terms } from '@pasar/core/assistant';
import { describe, expect, it } from 'vitest';
import { corpusOf, type Doc, type SellableProduct } from './assistant-knowledge';
import { namedProducts } from './assistant.service';

const kinds = ['Keripik Tempe', 'Keripik Singkong', 'Dodol Garut', 'Sambal Roa', 'Kopi Arabika', 'Madu Hutan', 'Tas Anyaman Rotan', 'Batik Tulis', 'Sabun Sereh', 'Teh Melati'];
const tails = ['Original', 'Pedas', 'Premium', 'Manis', '', ''];
const packs = ['100 gr', '250 gr', '1 kg', '', ''];
const places = ['Khas Coblong', 'Khas Garut', '', '', ''];
const docs: Doc[] = [];
for (let i = 0; i < 3000; i++) {
  const title = [kinds[i % kinds.length], tails[(i * 7) % tails.length], packs[(i * 11) % packs.length], places[(i * 13) % places.length]].filter(Boolean).join(' ');
  docs.push({ kind: 'product', id: i + 1, title, heading: title, body: '', product: { id: i + 1 } as SellableProduct });
}
const corpus = corpusOf(docs);

/** The rule over every name. */
function byDefinition(question: string): Map<number, Set<string>> {
  const words = new Set(terms(question, { keepStopWords: true }));
  const full = new Map<number, Set<string>>();
  const partial = new Map<number, Set<string>>();
  for (const { id, name } of corpus.productNames) {
    const hits = name.filter((t) => words.has(t)).length;
    if (hits > 0 && hits === name.length) full.set(id, new Set(name));
    else if (hits >= 2 && name.length >= 3) partial.set(id, new Set(name));
  }
  return full.size > 0 ? full : partial;
}

const sorted = (m: Map<number, Set<string>>) => [...m].map(([id, name]) => [id, [...name].sort()] as const).sort((a, b) => a[0] - b[0]);

describe('namedProducts (issue 15)', () => {
  it('names the products the rule names, in full first, else in part', () => {
    const questions = [
      'Bagaimana cara menyimpan Keripik Tempe Original 250 gr Khas Coblong?',
      'cara simpan keripik tempe',
      'kopi arabika premium ada?',
      'tas anyaman pedas manis',
      'dodol garut khas garut 1 kg',
      'madu',
      'servis laptop',
      'sambal roa original 100 gr khas garut pedas',
    ];
    let full = 0;
    for (const q of questions) {
      const want = byDefinition(q);
      expect(sorted(namedProducts(corpus, q)), q).toEqual(sorted(want));
      if (want.size > 0) full += 1;
    }
    expect(full).toBeGreaterThan(4);
    // The scratch is left clean: asking again gives the same.
    for (const q of questions) expect(sorted(namedProducts(corpus, q))).toEqual(sorted(byDefinition(q)));
  });
});
