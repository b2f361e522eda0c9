/**
 * What the raw baselines (raw-pg-server.ts, raw-stock-server.ts) share: a node:http server on PORT
 * (0: any) that prints its URL once listening, as startProcess (support.ts) waits for, and closes
 * itself and its pool on SIGTERM. No project code, so the baselines measure node and pg alone.
 */
import http from 'node:http';
import pg from 'pg';

/** The bench's database (DATABASE_URL), ten connections as the shop's pool has. */
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export function serveRaw(handler: http.RequestListener): void {
  const server = http.createServer(handler);
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    console.info(`http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => {
    server.close();
    void pool.end();
  });
}
