/**
 * Zod builds fast object parsers with `new Function` when it may, and probes for that once with a
 * caught `new Function('')`. The Content-Security-Policy has no 'unsafe-eval' (the session token is
 * in localStorage: docs/decisions/023-security-headers.md), so the probe is refused and reported as a
 * violation. `jitless` skips the probe; zod then parses without generated code.
 *
 * Zod sits in a lazy chunk and decides when a schema is built, so the setting must exist before its
 * module runs, without importing it here (that would pull zod into the storefront's first load).
 * Zod takes its global configuration from this object when there is one (zod/v4/core/core.js);
 * e2e/csp.spec.ts fails on the reported probe should that ever change.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
