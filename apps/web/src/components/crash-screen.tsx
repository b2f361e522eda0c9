/** Storefront spec §8: the crash screen for any uncaught render error. */

/**
 * Lucide's "frown" (ISC), drawn inline: the crash screen is in the storefront's first chunk, and
 * lucide-react's runtime would add ~1.3 KB to every page for this one icon (issue 16).
 */
function Frown({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d="M15 10V9M9 10V9M9 16a5 5 0 016 0" />
      <circle cx="12" cy="12" r="10" />
    </svg>
  );
}

export function CrashScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Frown className="h-16 w-16 text-stone-500" />
      <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
      <p className="max-w-md text-stone-600">We&apos;re sorry for the inconvenience. Please refresh the page or try again later.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
      >
        Refresh Page
      </button>
    </main>
  );
}
