/**
 * The one script a built page names (vite.config.ts, startAfterPictures). On a page the server drew,
 * the shopper first needs the HTML, the stylesheet and the first product photos; the app's script only
 * hydrates what is already there. On a slow phone link the script's download and its run on a slow CPU
 * competed with those photos and held back the paint of the largest one (issue 16's LCP), so the app
 * is asked for once the page's high-priority photos have loaded and been painted, or after
 * WAIT_AT_MOST_MS whatever they do, so a photo that never arrives cannot keep the page from working.
 * A drawn page without such photos (the landing page's text) starts after its first paint; a page the
 * browser draws (back office, POS) at once.
 *
 * A tap on a button of the drawn page before the app is there would be lost (Preact, unlike React,
 * replays no event after hydrating): it is held, starts the app at once, and is given again to the
 * same element once the app has hydrated it (entry-client.tsx sends APP_HYDRATED). Links and forms
 * work without the app and are left alone.
 *
 * A module script (deferred, so the photos are in the document when it runs); it has no imports
 * because it is built on its own, outside the app's bundle.
 */
const WAIT_AT_MOST_MS = 2500;
/** Keep in step with entry-client.tsx. */
const APP_HYDRATED = 'pasar:hydrated';
const HELD = 'button, [role="button"], input[type="checkbox"], input[type="radio"], label';

const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function startApp(): void {
  if (started || !boot?.dataset.entry) return;
  started = true;
  // Same attributes as Vite's own tags, so the preloaded modules are the ones the entry imports.
  for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = boot.dataset.entry;
  document.head.append(script);
}

const held: HTMLElement[] = [];
function holdEarlyTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
  if (!target || !document.getElementById('root')?.contains(target)) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(target)) held.push(target);
  startApp();
}
document.addEventListener('click', holdEarlyTap, true);
document.addEventListener(
  APP_HYDRATED,
  () => {
    document.removeEventListener('click', holdEarlyTap, true);
    // Hydration keeps the server's elements: a held one still in the page now has its handler.
    for (const element of held.splice(0)) if (element.isConnected) element.click();
  },
  { once: true },
);

/**
 * Runs `run` once the page has painted its first content and one more frame has gone by: a timer
 * right after one animation frame can still come before that frame's paint, and the app's script
 * would then be asked for before the text or photo it should follow.
 */
function afterNextPaint(run: () => void): void {
  const nextFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    nextFrames();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    nextFrames();
  });
  observer.observe({ type: 'paint' });
}

// A page the browser draws (the back office, the POS) has nothing to paint before the app.
const drawnByServer = Boolean(document.getElementById('root')?.firstElementChild);
const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete);
const settled = pending.map(
  (img) =>
    new Promise<void>((resolve) => {
      img.addEventListener('load', () => resolve(), { once: true });
      img.addEventListener('error', () => resolve(), { once: true });
    }),
);
if (drawnByServer) void Promise.all(settled).then(() => afterNextPaint(startApp));
else startApp();
// Also where no frame is drawn for a while (a tab opened in the background).
setTimeout(startApp, WAIT_AT_MOST_MS);

export {};
