/**
 * What a page change tells someone who cannot see it (issue 31 item 12, docs/decisions/063-accessibility-checks.md):
 * every route has its own <title> ("Keranjang · Pasar UMKM"), read from the route table's handles,
 * so the server's HTML (app/entry-server.tsx) and the browser name a page alike; and after a
 * client-side navigation the focus moves to the new page's <h1>, where a screen reader starts
 * reading and Tab starts walking, instead of staying on a link that is gone.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

export const STORE_NAME = 'Pasar UMKM';
/** index.html's own title: the landing page's (and the unknown path's, which shows the landing page). */
export const DEFAULT_TITLE = 'Pasar UMKM — Produk lokal pilihan';

export interface TitleHandle {
  /** The page's name, or one made from the route's params. */
  title?: string | ((params: Record<string, string | undefined>) => string);
  /** A part of the site all its pages name after their own ("Admin"). */
  section?: string;
  /** The page writes its own title from its data (a product's name). */
  ownTitle?: boolean;
}

interface MatchLike {
  handle?: unknown;
  params: Record<string, string | undefined>;
}

/**
 * The title of the deepest matched route: its name, its sections, the store's name; the default
 * when no route names the page; null when the page writes its own.
 */
export function titleFor(matches: readonly MatchLike[]): string | null {
  const handles = matches.map((m) => (m.handle ?? {}) as TitleHandle);
  const leafAt = handles.findLastIndex((h) => h.title !== undefined || h.ownTitle === true);
  const leaf = matches[leafAt];
  if (!leaf) return DEFAULT_TITLE;
  const handle = handles[leafAt]!;
  if (handle.ownTitle) return null;
  const name = typeof handle.title === 'function' ? handle.title(leaf.params) : handle.title!;
  const sections = handles
    .slice(0, leafAt + 1)
    .map((h) => h.section)
    .filter((s): s is string => s !== undefined)
    .reverse();
  return [name, ...sections, STORE_NAME].join(' · ');
}

/** Text fields keep the focus a page gave them (a login form's first field, say). */
const typingIn = (el: Element | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !['button', 'submit', 'checkbox', 'radio'].includes(el.type)));

// Only what the person did moves the focus: the redirects of a first load (/admin → the dashboard,
// a signed-out visitor → /login) happen before any press and leave it alone.
let personActed = false;
if (typeof document !== 'undefined') {
  const acted = () => {
    personActed = true;
  };
  document.addEventListener('pointerdown', acted, { capture: true, once: true });
  document.addEventListener('keydown', acted, { capture: true, once: true });
}

/** How long a page may take (its code, its data) to draw its heading after the address changed. */
const HEADING_WAIT_MS = 5000;

/**
 * Sets the route's title and, after a navigation the person made, focuses the new page's <h1>
 * once it is drawn (a lazy screen or its data may draw it later; a modal menu still closing keeps
 * the page inert a moment), and again if the page replaces that heading within the wait. A press
 * or a key before then leaves the focus where the person put it.
 */
export function PageNavigation() {
  const matches = useMatches();
  const title = titleFor(matches);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);

  const { pathname, hash } = useLocation();
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    // An address with an anchor scrolls to that part of the page (layouts/storefront-layout.tsx).
    if (!personActed || hash) return;
    let done = false;
    // The heading that took the focus. A page may draw a heading and then replace it (a loading
    // state's, then its own): the focus then falls to the body, and the new heading takes it back.
    let focused: HTMLElement | null = null;
    const tryFocus = () => {
      if (done) return;
      const active = document.activeElement;
      if (typingIn(active)) return stop();
      if (focused) {
        if (active === focused) return;
        // The page or the person moved the focus somewhere else: theirs to keep.
        if (active !== null && active !== document.body) return stop();
      }
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      if (document.activeElement === heading) focused = heading;
    };
    const observer = new MutationObserver(tryFocus);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'inert'] });
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    tryFocus();
    return stop;
  }, [pathname, hash]);
  return null;
}
