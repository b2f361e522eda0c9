import { describe, expect, it } from 'vitest';
import { assistantMessages } from '@pasar/core/assistant';
import { readTurns, saveTurns, settleTurns, STORE_KEY, type Turn } from './chat-history';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const interrupted: Turn = { role: 'assistant', content: assistantMessages.interrupted, failed: true };

describe('assistant chat history', () => {
  it('marks an answer that was still arriving as interrupted', () => {
    const turns: Turn[] = [
      { role: 'user', content: 'cara menyimpan madu?' },
      { role: 'assistant', content: 'Simpan madu di suhu', pending: true },
      { role: 'user', content: 'dan kopi?' },
      { role: 'assistant', content: '', pending: true },
    ];
    expect(settleTurns(turns)).toEqual([turns[0], interrupted, turns[2], interrupted]);
  });

  it('keeps finished and failed answers as they are', () => {
    const turns: Turn[] = [
      { role: 'user', content: 'halo' },
      { role: 'assistant', content: 'Halo!', sources: [], products: [] },
      { role: 'assistant', content: 'Tidak dapat terhubung ke server.', failed: true },
    ];
    expect(settleTurns(turns)).toEqual(turns);
  });

  it('reads back a conversation saved mid-answer without an endless "Mengetik…"', () => {
    const storage = memoryStorage();
    saveTurns(storage, [
      { role: 'user', content: 'oleh-oleh di bawah 50 ribu' },
      { role: 'assistant', content: '', pending: true },
    ]);
    expect(readTurns(storage)).toEqual([{ role: 'user', content: 'oleh-oleh di bawah 50 ribu' }, interrupted]);
  });

  it('keeps the suggestions of an unanswered question, and drops ones that are not what the server sends', () => {
    const suggestion = { kind: 'knowledge' as const, id: 14, title: 'Pengembalian dan penukaran barang', url: null };
    const turns: Turn[] = [
      { role: 'user', content: 'ada garansi?' },
      { role: 'assistant', content: `${assistantMessages.unknown}\n\n${assistantMessages.suggestionsLead}`, sources: [], products: [], suggestions: [suggestion] },
    ];
    const storage = memoryStorage();
    saveTurns(storage, turns);
    expect(readTurns(storage)).toEqual(turns);
    const foreign = JSON.stringify([{ role: 'assistant', content: 'Mungkin maksud Anda:', suggestions: [{ title: 7 }] }, { role: 'assistant', content: 'x', suggestions: 'rusak' }]);
    expect(readTurns(memoryStorage({ [STORE_KEY]: foreign }))).toEqual([
      { role: 'assistant', content: 'Mungkin maksud Anda:' },
      { role: 'assistant', content: 'x' },
    ]);
  });

  it('survives broken or foreign storage', () => {
    expect(readTurns(memoryStorage({ [STORE_KEY]: '{rusak' }))).toEqual([]);
    expect(readTurns(memoryStorage({ [STORE_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readTurns(memoryStorage({ [STORE_KEY]: '[{"role":"system","content":"x"},{"role":"user","content":"halo"}]' }))).toEqual([{ role: 'user', content: 'halo' }]);
    expect(readTurns(undefined)).toEqual([]);
  });
});
