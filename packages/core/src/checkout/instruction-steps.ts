/**
 * Payment instruction steps as data: each step a list of text segments, some in bold. Our own
 * providers build segments directly; a gateway that sends its steps as HTML has them turned by
 * `stepFromHtml` into segments once, on the server, so no client ever reads gateway markup. Only words and bold
 * survive: every other tag is dropped (its words kept), script and style with their content.
 */

import type { InstructionStep, PaymentInstruction, StepSegment } from './order.schema';

/** What a payments row may hold: rows written before issue 18 (docs/issues.md) kept each step as an HTML string. */
export interface StoredPaymentInstruction {
  title: string;
  steps: (string | InstructionStep)[];
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Unassigned, surrogate or NUL code points stay as written rather than throwing.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

const BOLD = new Set(['b', 'strong']);
/** Tags that end a line of words: without a space in their place, "Satu<br>Dua" would read "SatuDua". */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr']);
/** Content that is code, not words for a person. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'noscript', 'svg', 'math']);

// A tag: its name, then anything up to `>` with quoted values read whole (a quoted ">" is not the end).
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;

/** One step of gateway HTML as segments: text and bold only, entities decoded, whitespace tidied. */
export function stepFromHtml(html: string): InstructionStep {
  const segments: InstructionStep = [];
  let depth = 0;
  const push = (raw: string) => {
    const text = decodeEntities(raw).replace(/\s+/g, ' ');
    if (!text) return;
    const strong = depth > 0;
    const last = segments[segments.length - 1];
    if (last && Boolean(last.strong) === strong) last.text += text;
    else segments.push(strong ? { text, strong } : { text });
  };
  const tags = new RegExp(TAG.source, 'g');
  let at = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    push(html.slice(at, match.index));
    at = tags.lastIndex;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // a comment, doctype or processing instruction
    const closing = match[1] === '/';
    if (!closing && DROPPED.has(name)) {
      const end = new RegExp(`</\\s*${name}\\s*>`, 'i').exec(html.slice(at));
      at = end ? at + end.index + end[0].length : html.length;
      tags.lastIndex = at;
    } else if (BOLD.has(name)) {
      depth = closing ? Math.max(0, depth - 1) : depth + 1;
    } else if (BREAKS.has(name)) {
      push(' ');
    }
  }
  push(html.slice(at));
  return trimStep(segments);
}

function trimStep(step: InstructionStep): InstructionStep {
  while (step[0] && (step[0].text = step[0].text.trimStart()) === '') step.shift();
  for (let last = step.at(-1); last && (last.text = last.text.trimEnd()) === ''; last = step.at(-1)) step.pop();
  return step;
}

/** Plain words in a step, for e-mail text and for tests. */
export function stepText(step: InstructionStep): string {
  return step.map((s) => s.text).join('');
}

/** Instructions as answered, whatever shape the row was stored in. */
export function readInstructions(stored: readonly StoredPaymentInstruction[]): PaymentInstruction[] {
  return stored.map((ins) => ({ title: ins.title, steps: ins.steps.map((step) => (typeof step === 'string' ? stepFromHtml(step) : step)) }));
}

/** Bold words in a step built by our own providers. */
export function strong(text: string): StepSegment {
  return { text, strong: true };
}

/** A step from plain words and `strong(...)` parts, as our own providers write them. */
export function step(...parts: (string | StepSegment)[]): InstructionStep {
  return parts.map((p) => (typeof p === 'string' ? { text: p } : p)).filter((s) => s.text !== '');
}
