/**
 * The "Tanya Asisten" panel (issue 7 (docs/issues.md)): a shopper asks in Indonesian; answers stream in, cite the
 * knowledge entries and products used (linked to /product/{id}), and show product cards with
 * the database's price and an add-to-cart button. A question nothing answers offers the closest
 * entries as follow-up questions, asked with one tap (issue 16). The conversation lives for the browser session;
 * closing the panel mid-answer stops the answer and keeps it as interrupted (chat-history.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { ASSISTANT_MAX_CHARS, ASSISTANT_MAX_MESSAGES, assistantMessages, type AssistantProduct } from '@pasar/core/assistant';
import type { Product } from '@pasar/core/catalog';
import { formatRupiah } from '@pasar/core/money';
import { api } from '../../lib/api-client';
import { cartActions, defaultChoice, lineFor } from '../../lib/cart';
import { askAssistant, ChatError } from './api/assistant-api';
import { readTurns, saveTurns, settleTurns, type Turn } from './chat-history';

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};
const suggestions = ['Bagaimana cara menyimpan keripik tempe?', 'Oleh-oleh khas di bawah 50 ribu', 'Produk apa saja yang halal?', 'Kirim ke luar kota bisa?'];

function ProductChip({ product }: { product: AssistantProduct }) {
  const [state, setState] = useState<'idle' | 'adding' | 'added' | 'failed'>('idle');
  // The cart's refusal when it already holds the stock (issue 16), shown under the chip.
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = async () => {
    setState('adding');
    try {
      // The cart line is built from the live product, exactly like the product page does.
      const live = await api<Product>(`/catalog/products/${product.id}`);
      const choice = defaultChoice(live);
      const refused = cartActions.add(lineFor(live, choice.variantLabel, choice.options, 1));
      setRefusal(refused);
      setState(refused ? 'idle' : 'added');
    } catch {
      setState('failed');
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-xl border border-stone-200 bg-white p-2" data-testid="assistant-product">
      <div className="min-w-0 flex-1">
        <Link to={product.url} className="block truncate text-sm font-semibold text-green-900 underline">
          {product.name}
        </Link>
        <p className="text-sm">
          <span className="font-bold">{product.has_variants ? `mulai ${formatRupiah(product.price)}` : formatRupiah(product.price)}</span>
          {product.discount > 0 && <span className="ml-1 text-xs text-stone-500 line-through">{formatRupiah(product.list_price)}</span>}
          <span className={`ml-2 text-xs ${product.stock > 0 ? 'text-stone-600' : 'font-semibold text-red-700'}`}>{product.stock > 0 ? `stok ${product.stock}` : 'stok habis'}</span>
        </p>
      </div>
      <button
        type="button"
        onClick={() => void add()}
        disabled={product.stock <= 0 || state === 'adding'}
        aria-label={`Tambah ${product.name} ke keranjang`}
        className="shrink-0 rounded-lg bg-green-700 px-2 py-1.5 text-xs font-semibold text-white hover:bg-green-800 disabled:opacity-50"
      >
        {state === 'added' ? (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="h-3.5 w-3.5" />
            Ditambahkan
          </span>
        ) : state === 'failed' ? (
          'Gagal, coba lagi'
        ) : (
          '+ Keranjang'
        )}
      </button>
      {refusal && (
        <p role="alert" className="basis-full text-xs font-semibold text-amber-900">
          {refusal}
        </p>
      )}
    </li>
  );
}

export default function AssistantPanel({ onClose }: { onClose: () => void }) {
  const [turns, setTurns] = useState<Turn[]>(() => readTurns(storage()));
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const turnsRef = useRef(turns);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    turnsRef.current = turns;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    saveTurns(storage(), turns);
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [turns]);

  // A layout effect: the key works as soon as this is drawn (Preact runs a plain effect a frame later: docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCloseRef.current();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // Closed mid-answer: stop it, and keep the turn as interrupted rather than "Mengetik…"
      // (state set after unmount would never be saved).
      if (abortRef.current && !abortRef.current.signal.aborted) {
        abortRef.current.abort();
        saveTurns(storage(), settleTurns(turnsRef.current));
      }
    };
  }, []);

  const send = async (text: string) => {
    const question = text.trim();
    if (!question || busy) return;
    if (question.length > ASSISTANT_MAX_CHARS) return setTurns((t) => [...t, { role: 'assistant', content: assistantMessages.tooLong, failed: true }]);
    const history = [...turns.filter((t) => !t.failed), { role: 'user' as const, content: question }].slice(-ASSISTANT_MAX_MESSAGES);
    // The history sent must start with a question.
    while (history[0]?.role === 'assistant') history.shift();
    setTurns((t) => [...t, { role: 'user', content: question }, { role: 'assistant', content: '', pending: true }]);
    setInput('');
    setBusy(true);
    const controller = new AbortController();
    abortRef.current = controller;
    const patchLast = (patch: (turn: Turn) => Turn) => setTurns((t) => [...t.slice(0, -1), patch(t[t.length - 1]!)]);
    try {
      const answer = await askAssistant(
        history.map(({ role, content }) => ({ role, content })),
        {
          onMeta: (meta) => patchLast((turn) => ({ ...turn, sources: meta.sources, products: meta.products, suggestions: meta.suggestions })),
          onDelta: (piece) => patchLast((turn) => ({ ...turn, content: turn.content + piece })),
        },
        controller.signal,
      );
      patchLast(() => ({ role: 'assistant', content: answer.answer, sources: answer.sources, products: answer.products, suggestions: answer.suggestions }));
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      patchLast(() => ({ role: 'assistant', content: error instanceof ChatError ? error.message : assistantMessages.failed, failed: true }));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(input);
  };

  return (
    <section
      role="dialog"
      aria-label={assistantMessages.title}
      className="fixed inset-x-2 top-[4.5rem] z-40 flex max-h-[min(75vh,calc(100dvh-5.5rem))] flex-col overflow-hidden rounded-2xl border border-stone-200 bg-stone-50 shadow-2xl sm:inset-x-auto sm:right-4 sm:w-[24rem]"
    >
      {/* A div, not <header>: inside a dialog a <header> is read as a second page banner (issue 31). */}
      <div className="flex items-center justify-between bg-green-800 px-4 py-3 text-white">
        <h2 className="font-bold">{assistantMessages.title}</h2>
        <div className="flex items-center gap-1">
          {turns.length > 0 && (
            <button type="button" onClick={() => setTurns([])} className="rounded-lg px-2 py-1 text-xs font-semibold hover:bg-green-900" disabled={busy}>
              Mulai baru
            </button>
          )}
          <button type="button" onClick={onClose} aria-label="Tutup asisten" className="rounded-lg px-2 text-2xl leading-none hover:bg-green-900">
            ×
          </button>
        </div>
      </div>
      <div className="flex-1 space-y-3 overflow-y-auto p-3" aria-live="polite">
        <p className="rounded-xl bg-white p-3 text-sm text-stone-700">{assistantMessages.greeting}</p>
        {turns.length === 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Contoh pertanyaan">
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => void send(s)} className="rounded-full bg-white px-3 py-1.5 text-left text-xs font-semibold text-green-900 ring-1 ring-green-800/30 hover:bg-green-50">
                  {s}
                </button>
              </li>
            ))}
          </ul>
        )}
        {turns.map((turn, i) =>
          turn.role === 'user' ? (
            <p key={i} className="ml-8 whitespace-pre-line rounded-xl bg-green-700 p-3 text-sm text-white" data-testid="assistant-question">
              {turn.content}
            </p>
          ) : (
            <div key={i} className={`mr-4 space-y-2 rounded-xl p-3 text-sm ${turn.failed ? 'bg-red-50 text-red-800' : 'bg-white text-stone-800'}`} data-testid="assistant-answer">
              {turn.content ? <p className="whitespace-pre-line">{turn.content}</p> : turn.pending ? <p className="text-stone-500">Mengetik…</p> : null}
              {turn.products && turn.products.length > 0 && (
                <ul className="space-y-2" aria-label="Produk yang disarankan">
                  {turn.products.map((p) => (
                    <ProductChip key={p.id} product={p} />
                  ))}
                </ul>
              )}
              {turn.suggestions && turn.suggestions.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label={assistantMessages.suggestionsLabel}>
                  {turn.suggestions.map((s) => (
                    <li key={`${s.kind}-${s.id}`}>
                      <button
                        type="button"
                        onClick={() => void send(s.title)}
                        disabled={busy}
                        className="min-h-[2.75rem] rounded-full bg-green-50 px-3 py-1.5 text-left text-xs font-semibold text-green-900 ring-1 ring-green-800/30 hover:bg-green-100 disabled:opacity-50"
                      >
                        {s.title}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {turn.sources && turn.sources.length > 0 && (
                <div className="border-t border-stone-100 pt-2 text-xs text-stone-600">
                  <span className="font-semibold">Sumber: </span>
                  {turn.sources.map((s, j) => (
                    <span key={`${s.kind}-${s.id}`}>
                      {j > 0 && ' · '}
                      {s.url ? (
                        <Link to={s.url} className="text-green-900 underline">
                          {s.title}
                        </Link>
                      ) : (
                        s.title
                      )}
                    </span>
                  ))}
                </div>
              )}
            </div>
          ),
        )}
        <div ref={endRef} />
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-stone-200 bg-white p-2">
        <label htmlFor="assistant-input" className="sr-only">
          Pertanyaan untuk asisten
        </label>
        <textarea
          id="assistant-input"
          ref={inputRef}
          rows={1}
          value={input}
          maxLength={ASSISTANT_MAX_CHARS}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(input);
            }
          }}
          placeholder="Tulis pertanyaan…"
          className="min-h-[2.5rem] flex-1 resize-none rounded-lg border border-stone-300 px-3 py-2 text-sm"
        />
        <button type="submit" disabled={busy || !input.trim()} className="rounded-lg bg-green-700 px-4 text-sm font-semibold text-white disabled:opacity-50">
          Kirim
        </button>
      </form>
    </section>
  );
}
