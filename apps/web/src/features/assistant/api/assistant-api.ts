/**
 * The chat call: streams with server-sent events (meta, delta, done) and reads a plain JSON
 * answer when the server sends one. The final `done` answer replaces the streamed text: its
 * prices are checked against the database.
 */
import { assistantMessages, type ChatAnswer } from '@pasar/core/assistant';
import { API_BASE } from '../../../lib/api-client';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface StreamHandlers {
  onMeta?: (meta: Pick<ChatAnswer, 'sources' | 'products' | 'answered' | 'suggestions'>) => void;
  onDelta?: (text: string) => void;
}

function xsrfHeader(): Record<string, string> {
  const match = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return match ? { 'X-XSRF-TOKEN': decodeURIComponent(match.slice('XSRF-TOKEN='.length)) } : {};
}

export class ChatError extends Error {}

export async function askAssistant(messages: ChatTurn[], handlers: StreamHandlers, signal?: AbortSignal): Promise<ChatAnswer> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/assistant/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...xsrfHeader() },
      body: JSON.stringify({ messages }),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ChatError('Tidak dapat terhubung ke server. Periksa koneksi internet Anda.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ChatError(body?.error ?? assistantMessages.failed);
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return ((await response.json()) as { data: ChatAnswer }).data;
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let final: ChatAnswer | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const parsed = JSON.parse(data) as unknown;
      if (event === 'meta') handlers.onMeta?.(parsed as Pick<ChatAnswer, 'sources' | 'products' | 'answered' | 'suggestions'>);
      else if (event === 'delta') handlers.onDelta?.((parsed as { text: string }).text);
      else if (event === 'done') final = parsed as ChatAnswer;
      else if (event === 'error') throw new ChatError((parsed as { error: string }).error);
    }
  }
  if (!final) throw new ChatError(assistantMessages.failed);
  return final;
}
