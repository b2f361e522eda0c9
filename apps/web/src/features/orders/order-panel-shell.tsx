import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The panel's frame: a side sheet on a computer, the whole screen on a phone; Escape closes it,
 * unless it was pressed in a dialog (the reject reason, the bell): that Escape closes the dialog
 * alone. Checked on the key's target, since the dialog is already gone when the key reaches here.
 */
export function OrderPanelShell({ orderId, onClose, children }: { orderId: number; onClose: () => void; children: ReactNode }) {
  // Opening the panel moves focus to its heading (issue 31), so a keyboard or screen-reader user
  // reads the order instead of staying on "Detail"; closing it returns focus (use-order-selection.ts).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [orderId]);
  // A layout effect: the key works as soon as this is drawn (Preact runs a plain effect a frame later: docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // A backdrop click counts only when the press began on it too (as in the Modal).
  const pressOnBackdrop = useRef(false);
  return (
    <>
      {/* Narrower than xl the panel covers the list: a backdrop says so and closes it. From xl up
          the panel is a column beside the list (the page leaves it room), so the tabs, the status
          dropdowns and "Ekspor CSV" stay usable while an order is open (issue 17). */}
      <div
        aria-hidden="true"
        data-testid="order-panel-backdrop"
        className="fixed inset-0 z-40 bg-black/30 xl:hidden"
        onPointerDown={(e) => {
          pressOnBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget && pressOnBackdrop.current) onClose();
          pressOnBackdrop.current = false;
        }}
      />
      <aside aria-label={`Detail pesanan #${orderId}`} className="fixed inset-y-0 right-0 z-40 w-[calc(100%-3rem)] max-w-md overflow-y-auto border-l border-stone-200 bg-white p-5 shadow-2xl xl:top-14 xl:z-20 xl:shadow-lg">
        <div className="mb-4 flex items-center justify-between">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            Pesanan #{orderId}
          </h2>
          <button type="button" onClick={onClose} className="rounded-lg px-3 py-1 text-2xl leading-none hover:bg-stone-100" aria-label="Tutup detail">
            ×
          </button>
        </div>
        {children}
      </aside>
    </>
  );
}

