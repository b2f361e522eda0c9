/**
 * The assistant's stemmer on the server (issue 31, decision 060): Sastrawi's dictionary-based
 * stemmer (sastrawijs, the Indonesian base-word dictionary) instead of more hand-written affix
 * rules, so derived forms meet their root whatever the affixes (ditukar, penukaran, ditukarkan ->
 * tukar; dikirim, pengiriman, dikirimkan -> kirim). It weighs about 300 KB, so it is installed
 * here, on the server, and never reaches the browser's bundle (core's retrieval is also imported
 * by the web app). Imported for its effect by assistant-knowledge.ts, before any index is built.
 */
import { stem as lightStem, useStemmer } from '@pasar/core/assistant';
import { Stemmer } from 'sastrawijs';

const dictionary = new Stemmer();

/**
 * Where Sastrawi's rules pick the wrong root: 'pengembalian' stays whole (peng- before a root
 * starting with k) and 'perawatan' becomes 'awat' (per- read before 'rawat').
 */
const CORRECTIONS: Readonly<Record<string, string>> = { pengembalian: 'kembali', perawatan: 'rawat' };

/**
 * The dictionary's root; a word it does not know (slang, a brand, a loanword such as 'refund')
 * goes through the light stemmer as before, so 'nyimpen'-like forms still meet.
 */
export function dictionaryStem(word: string): string {
  const corrected = CORRECTIONS[word];
  if (corrected) return corrected;
  const root = dictionary.stem(word);
  if (root !== word || dictionary.find(word) || /\d/.test(word)) return root;
  return lightStem(word);
}

useStemmer(dictionaryStem);
