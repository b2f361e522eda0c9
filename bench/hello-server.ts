/** Fastify's own hello world, measured in the same run so the ratios hold on a noisy machine. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.info(`http://localhost:${typeof address === 'object' && address ? address.port : 0}`);
