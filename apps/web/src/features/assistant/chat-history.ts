/**
 * The conversation kept for the browser session (issue 7 (docs/issues.md)). An answer still arriving when the
 * panel closed or the page reloaded can never finish: it is kept as an interrupted turn, never as
 * an endless "Mengetik…".
 */
import { ASSISTANT_MAX_MESSAGES, assistantMessages, assistantSourceSchema, type AssistantProduct, type AssistantSource } from '@pasar/core/assistant';

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  sources?: AssistantSource[];
  products?: AssistantProduct[];
  /** The closest entries offered when nothing answered (issue 16): asked again with one tap. */
  suggestions?: AssistantSource[];
  failed?: boolean;
  /** The answer is still arriving. */
  pending?: boolean;
}

export const STORE_KEY = 'assistant_chat';

/** Turns with every unfinished answer marked interrupted (it is left out of the history sent). */
export function settleTurns(turns: readonly Turn[]): Turn[] {
  return turns.map((turn) => (turn.role === 'assistant' && (turn.pending || (!turn.failed && turn.content.trim() === '')) ? { role: 'assistant', content: assistantMessages.interrupted, failed: true } : turn));
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const suggestionList = assistantSourceSchema.array();

export function readTurns(storage: Storage | undefined): Turn[] {
  try {
    const raw = storage?.getItem(STORE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    const turns = parsed
      .filter((t): t is Turn => typeof t === 'object' && t !== null && (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string')
      .map((t) => {
        // Suggestions become buttons: ones that are not what the server sends are dropped.
        if (t.suggestions === undefined || suggestionList.safeParse(t.suggestions).success) return t;
        const { suggestions: _dropped, ...rest } = t;
        return rest;
      });
    return settleTurns(turns.slice(-ASSISTANT_MAX_MESSAGES * 2));
  } catch {
    return [];
  }
}

export function saveTurns(storage: Storage | undefined, turns: readonly Turn[]): void {
  try {
    storage?.setItem(STORE_KEY, JSON.stringify(turns));
  } catch {
    /* private mode or full storage: the conversation just does not survive a reload */
  }
}
