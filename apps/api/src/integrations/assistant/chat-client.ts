/**
 * Client for any OpenAI-compatible chat-completions endpoint (ASSISTANT_API_URL, e.g.
 * https://api.openai.com/v1, a local llama.cpp or vLLM server). It streams: the answer arrives
 * as server-sent events `data: {"choices":[{"delta":{"content":"…"}}]}` ending with
 * `data: [DONE]`. A timeout covers the whole answer; a refusal (the `refusal` field, or
 * finish_reason `content_filter`) is reported as such so the caller can fall back.
 */
import { ProviderFailure } from '../http';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClientConfig {
  url: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs?: number;
}

export type ChatResult = { kind: 'answer'; text: string } | { kind: 'refusal'; text: string };

export class ChatClient {
  private readonly timeoutMs: number;

  constructor(private readonly config: ChatClientConfig) {
    this.timeoutMs = config.timeoutMs ?? 20_000;
  }

  private endpoint(): string {
    const base = this.config.url.replace(/\/+$/, '');
    return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
  }

  /** Streams the answer; `onDelta` gets each piece of text as it arrives. */
  async complete(messages: ChatMessage[], onDelta: (text: string) => void = () => {}, options: { maxTokens?: number; temperature?: number } = {}): Promise<ChatResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let response: Response;
      try {
        response = await fetch(this.endpoint(), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            ...(this.config.apiKey ? { Authorization: `Bearer ${this.config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: this.config.model, messages, stream: true, temperature: options.temperature ?? 0.2, max_tokens: options.maxTokens ?? 400 }),
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) throw new ProviderFailure('Model bahasa tidak menjawab tepat waktu.', 'timeout');
        throw new ProviderFailure(`Model bahasa tidak dapat dihubungi: ${(error as Error).message}`, 'network');
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw new ProviderFailure(`Model bahasa menjawab ${response.status}: ${body.slice(0, 200)}`, 'http');
      }
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        // A server that ignores `stream: true` answers one JSON document.
        const json = (await response.json()) as { choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[] };
        const choice = json.choices?.[0];
        if (choice?.message?.refusal || choice?.finish_reason === 'content_filter') return { kind: 'refusal', text: choice?.message?.refusal ?? '' };
        const text = choice?.message?.content ?? '';
        onDelta(text);
        return { kind: 'answer', text };
      }
      return await this.readStream(response, onDelta, controller);
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      if (controller.signal.aborted) throw new ProviderFailure('Model bahasa tidak menjawab tepat waktu.', 'timeout');
      throw new ProviderFailure(`Jawaban model terputus: ${(error as Error).message}`, 'network');
    } finally {
      clearTimeout(timer);
    }
  }

  private async readStream(response: Response, onDelta: (text: string) => void, controller: AbortController): Promise<ChatResult> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let text = '';
    let refusal = '';
    let filtered = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, cut).replace(/\r$/, '');
        buffer = buffer.slice(cut + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') {
          controller.abort();
          return refusal || filtered ? { kind: 'refusal', text: refusal } : { kind: 'answer', text };
        }
        let event: { choices?: { delta?: { content?: string | null; refusal?: string | null }; finish_reason?: string | null }[] };
        try {
          event = JSON.parse(data);
        } catch {
          continue;
        }
        const choice = event.choices?.[0];
        if (choice?.delta?.refusal) refusal += choice.delta.refusal;
        if (choice?.finish_reason === 'content_filter') filtered = true;
        const piece = choice?.delta?.content;
        if (piece) {
          text += piece;
          onDelta(piece);
        }
      }
    }
    return refusal || filtered ? { kind: 'refusal', text: refusal } : { kind: 'answer', text };
  }
}
