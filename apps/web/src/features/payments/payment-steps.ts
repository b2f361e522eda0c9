/**
 * Payment instruction steps arrive as HTML (storefront spec §3: "steps being HTML"), written by our
 * own templates or by the gateway. They are parsed here into a tree of a few harmless tags and
 * rendered by React as elements and text, never as HTML: whatever the gateway sends, no attribute,
 * link, image or script reaches the page.
 */

export const STEP_TAGS = ['b', 'i', 'br', 'strong', 'em', 'ol', 'ul', 'li', 'p'] as const;
export type StepTag = (typeof STEP_TAGS)[number];
export interface StepElement {
  tag: StepTag;
  children: StepNode[];
}
export type StepNode = string | StepElement;

const allowed = new Set<string>(STEP_TAGS);
/** Elements whose content is code or markup, never text for a person: dropped with their content. */
const dropWithContent = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'template', 'object', 'svg', 'math', 'select']);

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Unassigned, surrogate or control code points stay as written rather than throwing.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

/** Index of the `>` that ends the tag opened at `start`, skipping quoted attribute values; -1 if none. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

/** Parses step HTML into allowed elements and text, dropping every attribute and every other tag. */
export function parseStepHtml(html: string): StepNode[] {
  const root: StepElement = { tag: 'p', children: [] };
  const stack: StepElement[] = [root];
  const current = () => stack[stack.length - 1] as StepElement;
  const text = (value: string) => {
    if (!value) return;
    const children = current().children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + decodeEntities(value);
    else children.push(decodeEntities(value));
  };
  /** Closes open elements down to and including the innermost `tag` above `floor`; false if none is open. */
  const closeTo = (tags: string[], floor = 0): boolean => {
    for (let i = stack.length - 1; i > floor; i--) {
      if (tags.includes((stack[i] as StepElement).tag)) {
        stack.length = i;
        return true;
      }
    }
    return false;
  };
  const innermost = (tags: string[]): number => {
    for (let i = stack.length - 1; i > 0; i--) if (tags.includes((stack[i] as StepElement).tag)) return i;
    return 0;
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const next = html[lt + 1] ?? '';
    // "a < b" or a lone "<" is text, as a browser reads it.
    if (!/[a-zA-Z/!?]/.test(next)) {
      text('<');
      i = lt + 1;
      continue;
    }
    const end = tagEnd(html, lt);
    if (end === -1) {
      // An unfinished tag at the end: a browser drops it, so do we.
      break;
    }
    i = end + 1;
    const match = /^<\s*(\/)?\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, end + 1));
    if (!match) continue; // <!doctype>, <?xml?>, </ > and the like
    const closing = Boolean(match[1]);
    const name = (match[2] as string).toLowerCase();
    if (!closing && dropWithContent.has(name)) {
      const close = new RegExp(`</\\s*${name}\\s*>`, 'i').exec(html.slice(i));
      i = close ? i + close.index + close[0].length : html.length;
      continue;
    }
    if (!allowed.has(name)) continue;
    const tag = name as StepTag;
    if (closing) {
      if (tag === 'br') continue;
      closeTo([tag]);
      continue;
    }
    if (tag === 'br') {
      current().children.push({ tag, children: [] });
      continue;
    }
    // The nesting a browser would build: a block closes an open paragraph, a list item closes the
    // previous item of its list, and a list item outside a list is only its text.
    if (tag === 'p' || tag === 'ol' || tag === 'ul') {
      const p = innermost(['p']);
      if (p > innermost(['li', 'ol', 'ul'])) stack.length = p;
    }
    if (tag === 'li') {
      const list = innermost(['ol', 'ul']);
      if (list === 0) continue;
      closeTo(['li'], list);
    }
    const element: StepElement = { tag, children: [] };
    current().children.push(element);
    if (!/\/\s*>$/.test(html.slice(lt, end + 1))) stack.push(element);
  }
  return root.children;
}
