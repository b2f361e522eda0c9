/** Text written into HTML: the server-rendered pages, the e-mails and the sandbox pay page escape through this one function. */

/** Text for a person, made safe for HTML element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  // Most text has nothing to escape: answered as it is (an e-mail escapes ~50 fields; issue 30 §3).
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ENTITIES[c] ?? c) : text;
}

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** JSON inside <script> must not be able to close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
