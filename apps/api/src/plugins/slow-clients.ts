/**
 * Clients that hold a connection without using it are cut off (issue 26: a body sent slowly was
 * still open after 330 s; 20,000 held connections took the process's file handles). Node's own
 * timeouts do most of it: the headers within HEADERS_TIMEOUT_MS, the whole request within
 * REQUEST_TIMEOUT_MS, an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS, and at most
 * MAX_CONNECTIONS open at once. What Node lacks is a rate: a request timeout short enough to stop a
 * trickle would also stop a 5 MB proof uploaded on a slow mobile line. So while a body is arriving,
 * every BODY_RATE_WINDOW_MS must bring at least BODY_MIN_BYTES_PER_SECOND × the window, or the
 * connection is closed: a stall or a trickle is gone within one or two windows, an honest upload of
 * any size goes on as long as it moves (docs/decisions/046-timeouts-lookups-and-logs.md).
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

type TimeoutSettings = Pick<Config, 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>;

/** Fastify's share of the settings (it hands `http` to `http.createServer`). */
export function serverTimeouts(config: TimeoutSettings): { requestTimeout: number; keepAliveTimeout: number; connectionTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // A socket with no traffic either way (a client that never reads its answer) lasts no longer
    // than a whole request may; the body and header rules above cut the slow senders much sooner.
    connectionTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      // Node checks the header and request timeouts on this beat (30 s by default, which would let
      // a 10 s header timeout run to 40 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  };
}

/** The connection cap and the body-rate rule, on an app built with `serverTimeouts`. */
export function registerSlowClientLimits(app: FastifyInstance, config: Pick<Config, 'MAX_CONNECTIONS' | 'BODY_RATE_WINDOW_MS' | 'BODY_MIN_BYTES_PER_SECOND'>): void {
  // Past the cap Node closes a new connection at once, keeping file handles for the database and files.
  app.server.maxConnections = config.MAX_CONNECTIONS;
  const windowMs = config.BODY_RATE_WINDOW_MS;
  const minBytes = (config.BODY_MIN_BYTES_PER_SECOND * windowMs) / 1000;
  if (minBytes <= 0) return;

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const declared = raw.headers['content-length'];
    const hasBody = raw.headers['transfer-encoding'] !== undefined || (declared !== undefined && declared !== '0');
    const socket = raw.socket as typeof raw.socket | undefined;
    // `app.inject` has no real socket to count.
    if (!hasBody || raw.complete || typeof socket?.bytesRead !== 'number') {
      done();
      return;
    }
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const read = socket.bytesRead;
      // Bytes waiting unread mean the app is the slow one (the socket is paused), not the client.
      if (read - seen < minBytes && raw.readableLength === 0) {
        clearInterval(timer);
        request.log.info({ bytes: read - seen, windowMs }, 'request body too slow; connection closed');
        socket.destroy();
        return;
      }
      seen = read;
    }, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('close', stop);
    done();
  });
}
