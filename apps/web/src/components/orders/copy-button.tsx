import { useEffect, useState } from 'react';

/**
 * Copies a value a shopper must type into a banking app (account number, amount, note): a typo
 * there sends money to the wrong place or leaves it unmatched.
 */
/** `label` names what is copied for a screen reader ("nomor rekening BCA"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    // The clipboard needs a secure page and the shopper's permission; say so when it is refused.
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold text-green-800 ring-1 ring-green-800 hover:bg-green-50"
    >
      <span aria-live="polite">{state === 'copied' ? 'Tersalin' : state === 'failed' ? 'Gagal menyalin' : 'Salin'}</span>
      <span className="sr-only"> {label}</span>
    </button>
  );
}
