/**
 * Which order's panel is open, and the order it shows. `pinned`: opened by a link (it may be on no
 * page shown) or acted on in the panel (a confirmed proof leaves the "Menunggu verifikasi" list, and
 * the admin should see the result): such a panel stays until closed or the filter changes. Otherwise
 * the panel closes itself when its order is filtered out (spec §2).
 */
import { useEffect, useRef, useState } from 'react';
import type { AdminOrder, AdminOrderList } from '@pasar/core/orders';
import { useAdminOrder } from './api/admin-orders-api';

interface Selection {
  id: number;
  pinned: boolean;
}

export function useOrderSelection({ list, listIsPlaceholder, linkedOrder, forgetLinkedOrder }: {
  list: AdminOrderList | undefined;
  /** The list on screen is the previous filter's, kept while the new one loads. */
  listIsPlaceholder: boolean;
  linkedOrder: number | null;
  forgetLinkedOrder: () => void;
}) {
  const [selection, setSelection] = useState<Selection | null>(null);

  // `?order=N` opens that order's panel, whatever the page shows (the dashboard's and the bell's links).
  const [followedLink, setFollowedLink] = useState<number | null>(null);
  if (linkedOrder !== followedLink) {
    setFollowedLink(linkedOrder);
    if (linkedOrder !== null) setSelection({ id: linkedOrder, pinned: true });
  }

  // The "Detail" button that opened the panel: closing the panel gives it focus back (issue 31).
  const opener = useRef<HTMLElement | null>(null);
  const select = (id: number, button: HTMLElement) => {
    opener.current = button;
    forgetLinkedOrder();
    setSelection({ id, pinned: false });
  };
  const close = () => {
    forgetLinkedOrder();
    setSelection(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };
  /** The filter changed: the panel now closes when its order leaves the list. */
  const unpin = () => setSelection((s) => (s ? { ...s, pinned: false } : s));
  /** The admin acted in the panel of order `id`: it stays open. */
  const pin = (id: number) => setSelection((s) => (s && s.id === id ? { ...s, pinned: true } : s));

  const settled = Boolean(list) && !listIsPlaceholder;
  const inList = selection ? (list?.items.find((o) => o.id === selection.id) ?? null) : null;
  const single = useAdminOrder(selection?.id ?? null, Boolean(selection?.pinned) && settled && !inList);
  const fresh = inList ?? (selection?.pinned ? (single.data ?? null) : null);
  // An order that has just left the list (confirmed under "Menunggu verifikasi") stays on screen as
  // last seen while it is fetched on its own: the panel, and the message in it, must not blink away.
  const [lastShown, setLastShown] = useState<AdminOrder | null>(null);
  if (fresh && fresh !== lastShown) setLastShown(fresh);
  const selected = fresh ?? (selection?.pinned && lastShown?.id === selection.id && !single.isError && single.data !== null ? lastShown : null);
  // The panel closes itself when the selected order is filtered out (spec §2).
  useEffect(() => {
    if (selection && !selection.pinned && list && !listIsPlaceholder && !list.items.some((o) => o.id === selection.id)) setSelection(null);
  }, [list, selection, listIsPlaceholder]);

  return { selection, selected, single, select, close, pin, unpin };
}
