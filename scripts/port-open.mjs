/** Whether a server answers on host:port: `npm test` and `npm run test:ops` skip what needs a PostgreSQL that is not there. */
import net from 'node:net';

/** @param {string} host @param {number} port @returns {Promise<boolean>} */
export function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}
