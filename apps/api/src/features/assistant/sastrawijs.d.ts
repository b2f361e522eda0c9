// sastrawijs ships types (dist/index.d.ts) that its export map does not point at: the part used here.
declare module 'sastrawijs' {
  export class Stemmer {
    constructor(dictionary?: string[]);
    /** The root of a lower-case word, or the word when no rule leads to a dictionary word. */
    stem(word: string): string;
    /** Whether the word is in the dictionary. */
    find(word: string): boolean;
  }
}
