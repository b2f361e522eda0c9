/**
 * Draining a server process on SIGTERM (issue 27 §5, docs/decisions/067-lifecycle.md). Readiness answers
 * 503 at once (`isDraining`); the listener closes so that new connections are refused and a proxy tries
 * the next server; every request the process has accepted is answered in full.
 *
 * Node's own `server.close()` is not used for the listener: it also closes every "idle" connection,
 * which includes one accepted a moment ago whose request has not been read yet: that request is lost
 * with a reset (a 502 behind nginx, which does not retry a POST it has sent). And closing a listener
 * resets the connections the kernel completed but the process has not accepted yet; under load that
 * is the whole accept queue. So, in order: the queue is shrunk to its minimum (one connection), the
 * process accepts what is queued for a few turns of the event loop, then the listener closes right
 * after it accepts one more connection (first thing in the handle's accept callback, before Node wraps
 * the connection in a socket, so the queue it leaves is empty unless a handshake completed within those
 * few microseconds), or after a short quiet time when none comes;
 * connections that served a request and wait idle close; requests in flight and those on newly accepted
 * connections are answered with `Connection: close`. A proxy that stops sending first where it can
 * removes even the microsecond window (docs/deploy.md).
 */
import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

interface SocketState {
  /** Requests being answered on this connection now. */
  active: Set<ServerResponse>;
  /** Requests answered on it so far. */
  served: number;
}

/** Turns of the event loop spent accepting the queued connections before the listener closes. */
const ACCEPT_SWEEP_TURNS = 20;
/** With no connection arriving after the sweep, the listener closes after this quiet time. */
const QUIET_CLOSE_MS = 50;
/** A connection accepted during the drain that sends no request in this time is closed. */
const SILENT_CONNECTION_MS = 2_000;

/**
 * Watches `server`'s connections from now on (call it before listening); `drain()` closes the listener
 * as above and resolves when the last connection has closed.
 */
export function drainableServer(server: Server): { drain(): Promise<void>; closeAll(): void } {
  const sockets = new Map<Socket, SocketState>();
  let closing = false;
  /** Set once the sweep is done: closes the listener, from the next 'connection' or the quiet timer. */
  let closeListener: (() => void) | undefined;

  const closeIfIdle = (socket: Socket, state: SocketState) => {
    if (state.active.size === 0 && state.served > 0) socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const state: SocketState = { active: new Set(), served: 0 };
    sockets.set(socket, state);
    socket.once('close', () => sockets.delete(socket));
    if (closing) silentLimit(socket, state);
  });
  // Before the app's own listener, so the header is set before any answer is written.
  server.prependListener('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.active.add(response);
    if (closing) response.shouldKeepAlive = false;
    response.once('close', () => {
      state.active.delete(response);
      state.served += 1;
      if (closing) closeIfIdle(request.socket, state);
    });
  });

  const silentLimit = (socket: Socket, state: SocketState) => {
    setTimeout(() => {
      if (state.served === 0 && state.active.size === 0) socket.destroy();
    }, SILENT_CONNECTION_MS).unref();
  };

  return {
    drain() {
      closing = true;
      for (const [socket, state] of sockets) {
        for (const response of state.active) if (!response.headersSent) response.shouldKeepAlive = false;
        closeIfIdle(socket, state);
        if (state.served === 0 && state.active.size === 0) silentLimit(socket, state);
      }
      // The accept queue at its minimum (listen(fd, 0) again): new handshakes wait in SYN and meet a
      // closed port on their retry, which a proxy retries elsewhere. Internal handle; a cluster
      // worker's handle has no listen (the primary owns the socket), and then this is skipped.
      try {
        listenerHandle(server)?.listen?.(0);
      } catch {
        /* the sweep below still runs */
      }
      return new Promise<void>((resolve) => {
        let turns = 0;
        const close = () => {
          closeListener = undefined;
          // net's close, not http's: it leaves the connections just accepted alone (see above).
          if (server.listening) net.Server.prototype.close.call(server, () => resolve());
          else resolve();
        };
        const sweep = () => {
          if (++turns < ACCEPT_SWEEP_TURNS) {
            setImmediate(sweep);
            return;
          }
          closeListener = close;
          closeOnNextAccept(server, () => closeListener?.());
          setTimeout(() => closeListener?.(), QUIET_CLOSE_MS);
        };
        setImmediate(sweep);
      });
    },
    closeAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}

/**
 * Closes the listening socket first thing when its handle hands over the next accepted connection, lets
 * Node take that connection as usual, then runs `close` (net's, which now waits for it too). The
 * 'connection' event comes only after Node has built the socket and the HTTP parser for it (some hundred
 * microseconds); a handshake completing in that time was queued behind the listener and reset by its
 * close (a lost POST behind nginx: the ops test's rolling restart saw one in about nine runs). `close`
 * is not called before the connection is counted: net's close would find no connection left, let the
 * shutdown go on, and Fastify, closing, answers that connection's request 503. The handle's own close
 * is idempotent (Node's HandleWrap ignores a second one). Internal handle again; without one the
 * 'connection' event does it.
 */
function closeOnNextAccept(server: Server, close: () => void): void {
  const handle = listenerHandle(server);
  const accept = handle?.onconnection;
  if (!handle || typeof accept !== 'function' || typeof handle.close !== 'function') {
    server.once('connection', close);
    return;
  }
  handle.onconnection = function (this: unknown, ...args: unknown[]) {
    handle.close!();
    try {
      return accept.apply(this, args);
    } finally {
      close();
    }
  };
}

/** What the drain uses of the listener's internal handle (Node's TCPWrap); none once it is closed. */
interface ListenerHandle {
  listen?: (backlog: number) => number;
  onconnection?: (this: unknown, ...args: unknown[]) => unknown;
  close?: () => void;
}

function listenerHandle(server: Server): ListenerHandle | undefined {
  return (server as unknown as { _handle?: ListenerHandle | null })._handle ?? undefined;
}
