import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { confirmAction, discardChangesMessage } from './confirm';
import { useUnsavedChanges } from './form/use-unsaved-changes';

/**
 * Issue 31 item 15: the form's own "Batal" inside a guarded dialog asks the same question as ×,
 * Escape and the backdrop. The dialog hands its check down, so FormActions (and any other cancel
 * button) runs its `onCancel` only when there is nothing typed or the person agreed to drop it.
 */
const GuardedCancel = createContext<((cancel: () => void) => void) | null>(null);

/** Wraps a cancel action: inside a guarded dialog with edits it asks first; elsewhere it runs at once. */
export function useGuardedCancel(): (cancel: () => void) => void {
  return useContext(GuardedCancel) ?? ((cancel) => cancel());
}

/** While mounted, leaving the page (Back, a link, a reload) asks first: the page's own guard for a dialog. */
function LeaveGuard() {
  useUnsavedChanges(true);
  return null;
}

/**
 * A dialog that closes on Escape, on the backdrop and on its close button (docs/requirements/back-office.md §2, §9).
 * A native `<dialog>` opened with `showModal()`: the browser keeps the focus inside it, makes the
 * page behind inert and turns Escape into a `cancel` event. The caller decides when it is gone (it
 * unmounts the modal from `onClose`), so the browser's own close on Escape is held back.
 *
 * It takes the focus once, when it opens, and gives it back to where it was when it closes. Pages
 * pass a new inline `onClose` on every render, so the handler is read from a ref: a re-render while
 * the dialog is open (a list refetching on window focus, say) must not pull the focus out of the
 * field being typed in.
 *
 * A form dialog passes `guardEdits` (issue 17): once anything inside it has been typed or chosen,
 * closing it by ×, Escape or the backdrop asks first. Edits are noticed from the `input` and
 * `change` events bubbling out of the panel, so every form dialog gets the guard with one prop and
 * no form has to report its own dirtiness; a successful save unmounts the dialog without asking.
 * Issue 31 item 15: the form's "Batal" asks the same (useGuardedCancel), and once edited the
 * dialog holds the page as a half-typed page does (useUnsavedChanges): browser Back and a link
 * ask, a reload gets the browser's prompt.
 */
export function Modal({ title, onClose, children, wide = false, guardEdits = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean; guardEdits?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  // A backdrop click counts only when the press also began on the backdrop: selecting text in a
  // field and releasing the mouse outside the panel must not throw the form away.
  const pressOnBackdrop = useRef(false);
  // Chromium lets a repeated Escape close the dialog itself (its `cancel` is then not cancelable):
  // the `close` that follows that `cancel` must not ask the caller a second time.
  const cancelled = useRef(false);
  // Closing the element on unmount fires `close` too; the caller has already let the modal go.
  const unmounted = useRef(false);
  const edited = useRef(false);
  // State as well as the ref: the first edit draws the LeaveGuard, so browser Back and a reload ask too.
  const [dirty, setDirty] = useState(false);
  const keptOnCancel = useRef(false);
  /** Asks the caller to close; false when the person chose to keep the edits. */
  const requestClose = (): boolean => {
    if (unmounted.current) return true;
    if (guardEdits && edited.current && !confirmAction(discardChangesMessage)) return false;
    close.current();
    return true;
  };
  const noteEdit = () => {
    edited.current = true;
    if (guardEdits && !dirty) setDirty(true);
  };
  const guardEditsRef = useRef(guardEdits);
  const guardedCancel = useRef((cancel: () => void) => {
    if (guardEditsRef.current && edited.current && !confirmAction(discardChangesMessage)) return;
    cancel();
  });

  useLayoutEffect(() => {
    close.current = onClose;
    guardEditsRef.current = guardEdits;
  });
  // A layout effect: the focus to give back is read, and the dialog opened, as soon as it is drawn;
  // Preact runs a plain effect a frame later, after a quick click may have moved the focus into the
  // dialog (docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    // showModal() focuses the first button (the ×); the panel itself is a better start, as the
    // title is read first and Tab then walks the form from its top.
    panel.current?.focus();
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      if (node.open) node.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      // Kept explicit: screens look for `[role="dialog"]` to leave keys pressed inside a modal alone.
      role="dialog"
      aria-label={title}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none items-end justify-center bg-transparent p-0 backdrop:bg-black/50 open:flex sm:items-center sm:p-4"
      onCancel={(e) => {
        e.preventDefault();
        cancelled.current = true;
        keptOnCancel.current = !requestClose();
      }}
      onClose={() => {
        // The browser has already closed the element (a repeated Escape): when the edits are
        // kept, it is shown again rather than left mounted and invisible.
        const kept = cancelled.current ? keptOnCancel.current : !requestClose();
        cancelled.current = false;
        if (kept && !unmounted.current && !dialog.current?.open) dialog.current?.showModal();
      }}
      onPointerDown={(e) => {
        pressOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressOnBackdrop.current) requestClose();
        pressOnBackdrop.current = false;
      }}
    >
      <div
        ref={panel}
        tabIndex={-1}
        onInput={noteEdit}
        onChange={noteEdit}
        className={`max-h-[90vh] w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl outline-none sm:rounded-2xl`}
      >
        <div className="flex items-center justify-between gap-4">
          <h2 className="text-lg font-bold">{title}</h2>
          <button type="button" onClick={() => void requestClose()} className="rounded-lg px-3 py-1 text-2xl leading-none hover:bg-stone-100" aria-label="Tutup">
            ×
          </button>
        </div>
        <div className="mt-4">
          <GuardedCancel.Provider value={guardedCancel.current}>{children}</GuardedCancel.Provider>
        </div>
        {guardEdits && dirty && <LeaveGuard />}
      </div>
    </dialog>
  );
}

/**
 * A dialog's end that leaves a message on the page: close it, then show what it said
 * (`onSaved={closeThen(() => setEditing(undefined), setNotice)}`).
 */
export function closeThen<M>(close: () => void, show: (message: M) => void): (message: M) => void {
  return (message) => {
    close();
    show(message);
  };
}
