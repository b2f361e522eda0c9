/**
 * The metrics' own port (METRICS_PORT, bound to METRICS_HOST: 127.0.0.1 unless said otherwise), a
 * bare node:http server apart from the shop's: nothing of the shop is reachable through it, and a
 * scraper never goes through the proxy, the rate limits or the web app (docs/decisions/071-request-ids-and-metrics.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  // Digests first: equal lengths for timingSafeEqual, and the token's length is not revealed either.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export interface MetricsPortOptions {
  port: number;
  host: string;
  /** When set, the port asks for it too (METRICS_TOKEN). */
  token: string | undefined;
  contentType: string;
  read(): Promise<string>;
}

export interface MetricsPort {
  address(): AddressInfo;
  close(): Promise<void>;
}

export function listenForMetrics(options: MetricsPortOptions): Promise<MetricsPort> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Tidak ditemukan. Metrik ada di /metrics.\n');
      return;
    }
    if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' }).end('Token metrik tidak valid.\n');
      return;
    }
    options.read().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': options.contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrik belum dapat dibaca.\n');
      },
    );
  });
  // A scrape is small and quick; an idle scraper's connection is not kept for long.
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        address: () => server.address() as AddressInfo,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
