import { describe, expect, it } from 'vitest';
import { editDistance, isOneTypoAway, normalizeSearch, oneEditPatterns, searchWords, spellingVariants } from './search';

describe('catalogue search text', () => {
  it('folds case, accents and punctuation; cuts long input', () => {
    expect(normalizeSearch("  Kripik-TEMPE!!  'pedas' ")).toBe('kripik tempe pedas');
    expect(normalizeSearch('Café')).toBe('cafe');
    expect(normalizeSearch("'; DROP TABLE products; --")).toBe('drop table products');
    expect(normalizeSearch('a'.repeat(500)).length).toBe(100);
  });
  it('splits distinct words, at most six', () => {
    expect(searchWords('batik batik tulis')).toEqual(['batik', 'tulis']);
    expect(searchWords('a b c d e f g h')).toHaveLength(6);
    expect(searchWords('  ')).toEqual([]);
  });
  it('knows common Indonesian spelling variants both ways', () => {
    expect(spellingVariants('kripik')).toContain('keripik');
    expect(spellingVariants('keripik')).toContain('kripik');
    expect(spellingVariants('sambel')).toContain('sambal');
    expect(spellingVariants('oleh2')).toContain('oleh');
    expect(spellingVariants('tahu')).toEqual(['tahu', 'tahoe']);
    // Colloquial forms (issue 15).
    expect(spellingVariants('cabe')).toContain('cabai');
    expect(spellingVariants('cabai')).toContain('cabe');
    expect(spellingVariants('sambel')).toContain('sambal');
    expect(spellingVariants('sambal')).toContain('sambel');
    expect(spellingVariants('kunir')).toContain('kunyit');
    expect(spellingVariants('rendang')).toEqual(['rendang']);
  });
  it('measures edit distance with transpositions', () => {
    expect(editDistance('batik', 'batk')).toBe(1);
    expect(editDistance('batik', 'btaik')).toBe(1);
    expect(editDistance('batik', 'batok')).toBe(1);
    expect(editDistance('batik', 'tenun')).toBeGreaterThan(1);
  });
  it('forgives one typo only when a word has 5 or more letters', () => {
    expect(isOneTypoAway('batk', 'batik')).toBe(true);
    expect(isOneTypoAway('madu', 'mado')).toBe(false);
    expect(isOneTypoAway('keripk', 'keripik')).toBe(true);
    expect(isOneTypoAway('kerupuk', 'keripik')).toBe(false);
  });
});

describe('oneEditPatterns', () => {
  const matches = (pattern: string, word: string) => new RegExp(`^${pattern.replaceAll('_', '.')}$`).test(word);
  it('covers insertion, deletion, substitution and transposition', () => {
    const patterns = oneEditPatterns('batk');
    for (const target of ['batik', 'bat', 'bark', 'btak']) {
      expect(patterns.some((p) => matches(p, target))).toBe(true);
    }
    expect(oneEditPatterns('btaik').some((p) => matches(p, 'batik'))).toBe(true);
    expect(oneEditPatterns('batk').some((p) => matches(p, 'tenun'))).toBe(false);
  });
});
