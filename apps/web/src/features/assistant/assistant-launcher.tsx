/**
 * The chat button on every storefront page (issue 7 (docs/issues.md)). It is all the storefront loads up front;
 * the panel is fetched on the first click (or when the pointer nears the button).
 *
 * Issue 16: the button sits in the sticky header, beside the cart, so it never covers the page (as
 * a floating button it hid 'Pilih layanan pengiriman', a card's '+ Keranjang' and a form field):
 * a round icon (its name and title say "Tanya Asisten"), the labelled pill from 1536 px, where a
 * signed-in admin's header still has room for it. The open panel is a dialog over the
 * page, drawn in <body>: the header's backdrop blur would otherwise be its containing block.
 */
import { Suspense, lazy, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

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
  const buttonRef = useRef<HTMLButtonElement>(null);
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
      {open &&
        createPortal(
          <Suspense fallback={<div role="status" className="fixed right-4 top-[4.5rem] z-40 rounded-xl bg-white p-4 shadow-xl">Memuat asisten…</div>}>
            <AssistantPanel
              onClose={() => {
                toggle(false);
                // Escape or × closes the dialog: focus goes back to the button that opened it (issue 31).
                buttonRef.current?.focus();
              }}
            />
          </Suspense>,
          document.body,
        )}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => toggle(!open)}
        onPointerEnter={() => void loadPanel()}
        aria-expanded={open}
        aria-label={open ? 'Tutup Tanya Asisten' : 'Tanya Asisten'}
        title={open ? 'Tutup Tanya Asisten' : 'Tanya Asisten'}
        className="inline-flex h-10 w-10 items-center justify-center gap-2 rounded-full bg-green-800 font-semibold text-white hover:bg-green-900 focus:outline-none focus:ring-4 focus:ring-green-700/40 2xl:w-40"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        <span className="hidden 2xl:inline">{open ? 'Tutup' : 'Tanya Asisten'}</span>
      </button>
    </>
  );
}
