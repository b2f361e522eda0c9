/**
 * The chat button on every storefront page (issue 7 (docs/issues.md)). It is all the storefront loads up front;
 * the panel is fetched on the first click (or when the pointer nears the button).
 */
import { Suspense, lazy, useState } from 'react';

const loadPanel = () => import('./assistant-panel');
const AssistantPanel = lazy(loadPanel);
const OPEN_KEY = 'assistant_open';

export default function AssistantLauncher() {
  const [open, setOpen] = useState(() => {
    try {
      return sessionStorage.getItem(OPEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = (next: boolean) => {
    setOpen(next);
    try {
      sessionStorage.setItem(OPEN_KEY, next ? '1' : '0');
    } catch {
      /* private mode: the panel just does not reopen by itself */
    }
  };
  return (
    <>
      {open && (
        <Suspense fallback={<div role="status" className="fixed bottom-24 right-4 z-40 rounded-xl bg-white p-4 shadow-xl">Memuat asisten…</div>}>
          <AssistantPanel onClose={() => toggle(false)} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => toggle(!open)}
        onPointerEnter={() => void loadPanel()}
        aria-expanded={open}
        aria-label={open ? 'Tutup Tanya Asisten' : 'Tanya Asisten'}
        className="fixed bottom-4 right-4 z-40 inline-flex items-center gap-2 rounded-full bg-green-800 px-4 py-3 font-semibold text-white shadow-lg hover:bg-green-900 focus:outline-none focus:ring-4 focus:ring-green-700/40"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        <span className="hidden sm:inline">{open ? 'Tutup' : 'Tanya Asisten'}</span>
      </button>
    </>
  );
}
