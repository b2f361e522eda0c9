import { publicDemoNotice } from '@pasar/core/demo';
import { useStoreSettings } from '../lib/store-settings';

/**
 * "Mode demo" above every page of a public demo (PUBLIC_URL and SEED_DEMO=true, decision 043): anyone
 * may sign in there with the README's passwords, so no visitor should take it for a real shop. Drawn
 * from the store facts the server already puts in a rendered page, so hydration sees the same.
 */
export function PublicDemoNotice() {
  const demo = useStoreSettings((s) => s.public_demo).data === true;
  if (!demo) return null;
  return (
    <p role="status" className="bg-amber-400 px-4 py-1.5 text-center text-sm font-semibold text-stone-900">
      {publicDemoNotice}
    </p>
  );
}
