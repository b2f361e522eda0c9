/**
 * Configuration comes from the environment and is checked at boot (docs/design.md §9):
 * a bad value stops the server with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/package-root';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'harus true atau false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An address or CIDR range of a trusted proxy, or one of proxy-addr's range names. */
function isProxyAddress(part: string): boolean {
  if (proxyRangeNames.has(part)) return true;
  const [address = '', bits, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^[0-9]+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
  .pipe(z.url({ message: 'harus berupa URL lengkap (http:// atau https://)' }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'harus berupa angka' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, { message: 'harus diawali postgres:// atau postgresql://' }).optional(),
  ),
  /**
   * Without DATABASE_URL: `postgres` (the default, a PostgreSQL server from npm in DATA_DIR/postgres) or
   * `pglite` (PostgreSQL in WebAssembly, in DATA_DIR/pglite; far more memory). Unset, a DATA_DIR that
   * already holds a PGlite database and no PostgreSQL one keeps PGlite (docs/decisions/035-embedded-database-memory.md).
   */
  EMBEDDED_DATABASE: optionalText.pipe(z.enum(['postgres', 'pglite'], { message: 'harus postgres atau pglite' }).optional()),
  /**
   * How many server processes share PORT (node:cluster). With DATABASE_URL unset means one per core; on
   * the embedded PostgreSQL one, to keep a small machine's memory (decision 035). PGlite is one process by
   * design and ignores it (docs/decisions/034-all-cores.md).
   */
  WEB_CONCURRENCY: optionalText.pipe(
    z.string().regex(/^[1-9][0-9]{0,2}$/, { message: 'harus bilangan bulat 1 sampai 999' }).transform(Number).optional(),
  ),
  /**
   * Unset: true without PUBLIC_URL (trying the shop on one's own machine), false with it: a shop others
   * reach gets the demo data only when asked, and is then a public demo (docs/decisions/043-production-defaults.md).
   */
  SEED_DEMO: booleanFromEnv.optional(),
  /**
   * Public address of the shop, for absolute links in Open Graph tags, sitemaps and payment callbacks.
   * Set, it also marks a shop that others reach: no demo data or sandbox unless asked (decision 043).
   */
  PUBLIC_URL: optionalUrl,
  /** Where the built web app is; defaults to apps/web/dist. */
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Prometheus metrics (docs/decisions/071-request-ids-and-metrics.md): on a port of their own, bound
   * to METRICS_HOST (127.0.0.1 unless a scraper on another machine needs a private address), and/or
   * on the shop's port at /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Neither set: no metrics.
   */
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9]{1,5}$/, { message: 'harus berupa nomor port (0 sampai 65535)' })
      .transform(Number)
      .refine((port) => port <= 65535, { message: 'harus berupa nomor port (0 sampai 65535)' })
      .optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { message: 'minimal 16 karakter (token acak, mis. openssl rand -hex 32)' }).optional()),
  /**
   * Behind reverse proxies: which hops of X-Forwarded-For to trust, so rate limits see the client's
   * address (issue 14). A number is how many proxies stand in front (the client is the right-most
   * address they did not add); `true` means one; a comma-separated list names the proxies' addresses
   * or ranges (CIDR, or loopback / linklocal / uniquelocal). The left-most entry, which the client
   * writes itself, is never trusted merely for being there. Default: no proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw, ctx): false | number | string[] => {
      const v = raw.trim().toLowerCase();
      if (['false', '0', 'no', ''].includes(v)) return false;
      if (v === 'true' || v === 'yes') return 1;
      if (/^[1-9][0-9]?$/.test(v)) return Number(v);
      const list = v.split(',').map((part) => part.trim()).filter(Boolean);
      if (list.length > 0 && list.every(isProxyAddress)) return list;
      ctx.addIssue({ code: 'custom', message: 'harus false, jumlah proxy (1, 2, …), atau daftar alamat/rentang proxy dipisah koma' });
      return z.NEVER;
    }),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  /** Timeout of one call to a shipping or payment provider. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /**
   * Clients that hold a connection without using it are cut off (issue 26, docs/decisions/046-timeouts-lookups-and-logs.md;
   * README "Behind a reverse proxy"): all headers within HEADERS_TIMEOUT_MS; a body must keep coming,
   * at least BODY_MIN_BYTES_PER_SECOND over every BODY_RATE_WINDOW_MS (a trickle or a stall is closed
   * within a window, an honest upload on a slow mobile line is not); the whole request within
   * REQUEST_TIMEOUT_MS (5 MB at ~140 kbit/s); an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS;
   * at most MAX_CONNECTIONS open connections per server process.
   */
  HEADERS_TIMEOUT_MS: z.coerce.number({ message: 'harus berupa angka' }).int().positive().default(10_000),
  BODY_RATE_WINDOW_MS: z.coerce.number({ message: 'harus berupa angka' }).int().positive().default(10_000),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number({ message: 'harus berupa angka' }).int().min(0).default(1024),
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'harus berupa angka' }).int().positive().default(300_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number({ message: 'harus berupa angka' }).int().positive().default(5_000),
  MAX_CONNECTIONS: z.coerce.number({ message: 'harus berupa angka' }).int().positive().default(1_000),

  RAJAONGKIR_API_KEY: optionalText,
  RAJAONGKIR_BASE_URL: z.url().default('https://rajaongkir.komerce.id/api/v1'),

  TRIPAY_API_KEY: optionalText,
  TRIPAY_PRIVATE_KEY: optionalText,
  TRIPAY_MERCHANT_CODE: optionalText,
  TRIPAY_BASE_URL: z.url().default('https://tripay.co.id/api-sandbox'),

  /** Midtrans Snap (docs/integrations.md §2b): the server key turns it on; sandbox hosts unless MIDTRANS_IS_PRODUCTION=true. */
  MIDTRANS_SERVER_KEY: optionalText,
  MIDTRANS_IS_PRODUCTION: booleanFromEnv.default(false),
  /** One host for both Snap and the status API instead of Midtrans' own (a local fake in tests, a proxy). */
  MIDTRANS_BASE_URL: optionalText.pipe(z.url().optional()),
  /** The `enabled_payments` offered, comma-separated (e.g. qris,gopay,bca_va); unset: all the adapter knows. */
  MIDTRANS_CHANNELS: z.string().trim().default(''),

  /**
   * The embedded sandbox gateway takes no real money: it runs only in the demo shop (a database
   * filled by the demo seed) or when this is true (docs/decisions/013-payments.md). With PUBLIC_URL only
   * when this is true, demo data or not (docs/decisions/043-production-defaults.md).
   */
  PAYMENT_SANDBOX: booleanFromEnv.default(false),
  /** Outgoing e-mail: smtp://user:pass@host:587 or smtps://… ; without it mail stays in the outbox. */
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, { message: 'harus diawali smtp:// atau smtps://' }).optional()),
  MAIL_FROM: z.string().trim().default('Pasar UMKM <no-reply@pasar-umkm.local>'),
  /**
   * WhatsApp Cloud API (decision 051): the system user's access token and the sender's phone
   * number id from Meta's WhatsApp Manager; without both, WhatsApp messages stay in the outbox.
   */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^\d+$/, { message: 'harus berupa angka (Phone number ID dari Meta)' }).optional()),
  /** The Graph API base with its version; tests and self-hosted relays point it elsewhere. */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** Background jobs (payment expiry, outbox) run at start and then every this many milliseconds; 0: at start only. */
  JOB_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * `off`: this server runs no background job at all, not even at start (a staging copy); `on`: it
   * runs them and lifts a restore hold. Unset: on, unless the database holds a restore hold
   * (apps/api/src/jobs-hold.ts, docs/decisions/067-lifecycle.md).
   */
  JOBS: optionalText.pipe(z.enum(['on', 'off'], { message: 'harus on atau off' }).optional()),
  /**
   * The catalogue search's in-process index (issue 30 §1, docs/decisions/078-search-index-in-process.md):
   * on by default; off answers every search with the SQL (for a memory-tight host, or to compare).
   */
  CATALOG_SEARCH_INDEX: optionalText.pipe(z.enum(['on', 'off'], { message: 'harus on atau off' }).optional()),
  /**
   * Readiness (GET /api/v1/health/ready) answers 503 when DATA_DIR or the uploads folder has less free
   * space than this: below it an order may no longer be written (issue 26 §7, docs/decisions/047-dependable-health.md).
   */
  READY_MIN_FREE_BYTES: z.coerce.number({ message: 'harus berupa angka' }).int().min(0).default(100 * 1024 * 1024),

  ASSISTANT_API_URL: optionalUrl,
  ASSISTANT_API_KEY: optionalText,
  ASSISTANT_MODEL: optionalText,
  /** The whole streamed answer of the language model must arrive within this time. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),

  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  /** Bucket for private files (payment proofs); unset, they go under `private/` in S3_BUCKET (decision 068). */
  S3_PRIVATE_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().default('auto'),
  S3_PUBLIC_URL: optionalUrl,
  /** Signs checkout quotes' reserved order ids (issue 28); unset, a key is derived from DATABASE_URL or DATA_DIR. */
  CHECKOUT_QUOTE_SECRET: optionalText,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** SEED_DEMO as said, or unset its default: true only without PUBLIC_URL (decision 043). */
  SEED_DEMO: boolean;
  /** A shop others reach (PUBLIC_URL) that was asked for the demo data (SEED_DEMO=true): every page says "Mode demo". */
  publicDemo: boolean;
  /** Absolute DATA_DIR. */
  dataDir: string;
  uploadsDir: string;
  webDistDir: string;
  rajaongkir: { apiKey: string; baseUrl: string } | undefined;
  tripay: { apiKey: string; privateKey: string; merchantCode: string; baseUrl: string } | undefined;
  midtrans: { serverKey: string; snapUrl: string; apiUrl: string; channels: string[] } | undefined;
  assistant: { url: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tripayParts = [e.TRIPAY_API_KEY, e.TRIPAY_PRIVATE_KEY, e.TRIPAY_MERCHANT_CODE];
  if (tripayParts.some(Boolean) && !tripayParts.every(Boolean)) {
    throw new ConfigError(
      'Konfigurasi tidak valid:\n  - TRIPAY_API_KEY, TRIPAY_PRIVATE_KEY dan TRIPAY_MERCHANT_CODE harus diisi bersama (atau dikosongkan semua untuk gateway sandbox bawaan).',
    );
  }
  if (e.ASSISTANT_API_URL && !e.ASSISTANT_MODEL) {
    throw new ConfigError('Konfigurasi tidak valid:\n  - ASSISTANT_MODEL wajib diisi bila ASSISTANT_API_URL diisi.');
  }
  // Half an S3 configuration would leave files on one server's disk without a word (issue 27 §2, decision 068).
  const s3Parts = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY };
  const s3Missing = Object.entries(s3Parts).filter(([, value]) => !value).map(([name]) => name);
  if (s3Missing.length > 0 && s3Missing.length < 4) {
    throw new ConfigError(`Konfigurasi tidak valid:\n  - penyimpanan S3 belum lengkap: isi juga ${s3Missing.join(', ')} (atau kosongkan semua variabel S3_ agar berkas disimpan di DATA_DIR).`);
  }
  // Node refuses a header timeout longer than the whole request's.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Konfigurasi tidak valid:\n  - HEADERS_TIMEOUT_MS tidak boleh lebih besar dari REQUEST_TIMEOUT_MS.');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Konfigurasi tidak valid:\n  - METRICS_PORT harus berbeda dari PORT.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO ?? !e.PUBLIC_URL;
  return {
    ...e,
    SEED_DEMO: seedDemo,
    publicDemo: Boolean(e.PUBLIC_URL) && seedDemo,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    rajaongkir: e.RAJAONGKIR_API_KEY ? { apiKey: e.RAJAONGKIR_API_KEY, baseUrl: e.RAJAONGKIR_BASE_URL } : undefined,
    tripay:
      e.TRIPAY_API_KEY && e.TRIPAY_PRIVATE_KEY && e.TRIPAY_MERCHANT_CODE
        ? { apiKey: e.TRIPAY_API_KEY, privateKey: e.TRIPAY_PRIVATE_KEY, merchantCode: e.TRIPAY_MERCHANT_CODE, baseUrl: e.TRIPAY_BASE_URL }
        : undefined,
    midtrans: e.MIDTRANS_SERVER_KEY
      ? {
          serverKey: e.MIDTRANS_SERVER_KEY,
          ...(e.MIDTRANS_BASE_URL ? { snapUrl: e.MIDTRANS_BASE_URL, apiUrl: e.MIDTRANS_BASE_URL } : (e.MIDTRANS_IS_PRODUCTION ? { snapUrl: 'https://app.midtrans.com', apiUrl: 'https://api.midtrans.com' } : { snapUrl: 'https://app.sandbox.midtrans.com', apiUrl: 'https://api.sandbox.midtrans.com' })),
          channels: e.MIDTRANS_CHANNELS.split(',').map((c) => c.trim()).filter(Boolean),
        }
      : undefined,
    assistant:
      e.ASSISTANT_API_URL && e.ASSISTANT_MODEL
        ? { url: e.ASSISTANT_API_URL, apiKey: e.ASSISTANT_API_KEY, model: e.ASSISTANT_MODEL, timeoutMs: e.ASSISTANT_TIMEOUT_MS }
        : undefined,
  };
}
