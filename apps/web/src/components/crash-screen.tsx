/** Storefront spec §8: the crash screen for any uncaught render error. */
import { Frown } from 'lucide-react';

export function CrashScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Frown aria-hidden="true" className="h-16 w-16 text-stone-500" />
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
