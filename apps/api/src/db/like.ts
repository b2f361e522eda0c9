/**
 * A LIKE/ILIKE pattern that finds `text` anywhere, with `%`, `_` and `\` taken literally
 * (PostgreSQL's default escape character is the backslash), so a search for "50%" or "a_b" means
 * what was typed.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
