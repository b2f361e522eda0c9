/**
 * A public demo: a shop others reach (PUBLIC_URL) that was asked for the demo data (SEED_DEMO=true),
 * docs/decisions/043-production-defaults.md. Its own module, with no schema: the storefront's first
 * chunk carries this line and nothing else of it.
 */

/** Above every page of a public demo: anyone may sign in with the README's passwords, and the sandbox takes no money. */
export const publicDemoNotice = 'Mode demo — toko contoh untuk dicoba: pesanan tidak dikirim dan tidak ada uang yang berpindah.';
