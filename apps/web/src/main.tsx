// First: zod must find its configuration before any schema is built (lib/zod-without-eval.ts).
import './lib/zod-without-eval';
import './styles.css';
// Hydrates the page the server drew, or draws the plain shell's (docs/decisions/026-server-rendered-storefront.md).
import './app/entry-client';
