/**
 * The shop's absolute address, for every link it writes: e-mails, share previews, the sitemap and
 * robots.txt, payment callbacks and pay pages (issue 26 §2). It comes from configuration only:
 * `PUBLIC_URL`, or without it the address this server listens on (`http://localhost:PORT` when it
 * listens on every interface). Never from the request: `Host` and `X-Forwarded-Host` are the client's
 * own words, and a link built from them put a stranger's domain in the buyer's order mail and the
 * admin's notice (a phishing kit through the shop's own mailer).
 */
import type { Config } from '../config';

/**
 * The port this process actually listens on, once it does: with `PORT=0` (tests, or an operator who
 * lets the system choose) the configured number is not the one clients reach.
 */
let listeningPort: number | undefined;

export function rememberListeningPort(port: number | undefined): void {
  listeningPort = port;
}

const everyInterface = new Set(['0.0.0.0', '::', '::0', '']);

export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const port = listeningPort ?? config.PORT;
  const host = everyInterface.has(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}
