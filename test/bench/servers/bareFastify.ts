/** The read baseline: fastify with one route per method that answers a constant envelope. */
import Fastify from 'fastify';

const CONSTANT = { code: 0, data: { ok: true }, msg: 'ok', success: true };

const app = Fastify({ logger: false });
app.get('/bare', async () => CONSTANT);
// The POST route parses its JSON body, as versions/getPage must.
app.post('/bare', async () => CONSTANT);

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${address}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
