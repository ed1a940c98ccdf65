import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, createReadStream, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

const MiB = 1024 * 1024;
const SIZE = 1024 * MiB, CHUNK = 8 * MiB, CONC = Number(process.env.CONC ?? 4);
const dir = '/tmp/benchx';
const file = `${dir}/payload.bin`;
const mode = process.argv[2] as string;

async function handle(req: IncomingMessage, index: number): Promise<void> {
  const target = `${dir}/assembly.part`;
  if (mode === 'discard') { for await (const _ of req) {} return; }
  if (mode === 'hashonly') { const h = createHash('sha256'); for await (const p of req) h.update(p as Buffer); h.digest(); return; }
  if (mode === 'folio' || mode === 'folio-nosync') {
    const h = createHash('sha256'); const fh = await open(target, 'r+'); let w = 0;
    try {
      for await (const piece of req as AsyncIterable<Buffer>) { h.update(piece); await fh.write(piece, 0, piece.length, index * CHUNK + w); w += piece.length; }
      if (mode === 'folio') await fh.datasync();
    } finally { await fh.close(); }
    h.digest(); return;
  }
  if (mode === 'stream') {
    const h = createHash('sha256');
    const meter = new Transform({ transform(c: Buffer, _e, d) { h.update(c); d(null, c); } });
    await pipeline(req, meter, createWriteStream(target, { flags: 'r+', start: index * CHUNK }));
    const fh = await open(target, 'r+'); await fh.datasync(); await fh.close(); return;
  }
  throw new Error(mode);
}

const server = createServer((req, res) => {
  const index = Number(new URL(req.url ?? '', 'http://x').searchParams.get('i'));
  handle(req, index).then(() => res.end('{}'), (e) => res.writeHead(500).end(String(e)));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
await (await open(`${dir}/assembly.part`, 'w')).close();
const fh = await open(file, 'r');
const t0 = performance.now();
let next = 0; const total = SIZE / CHUNK;
await Promise.all(Array.from({ length: CONC }, async () => {
  const buf = Buffer.allocUnsafe(CHUNK);
  for (let i = next++; i < total; i = next++) {
    await fh.read(buf, 0, CHUNK, i * CHUNK);
    const res = await fetch(`http://127.0.0.1:${port}/?i=${i}`, { method: 'POST', body: buf });
    await res.text();
  }
}));
const t1 = performance.now();
console.log(`${mode} conc=${CONC}: ${(SIZE / 1e6 / ((t1 - t0) / 1000)).toFixed(0)} MB/s, ${((t1 - t0) / 1000).toFixed(2)} s`);
if (mode === 'folio') {
  const h = createHash('sha256'); const t2 = performance.now();
  for await (const p of createReadStream(`${dir}/assembly.part`, { highWaterMark: MiB })) h.update(p as Buffer);
  console.log(`rehash 1 GiB file: ${((performance.now() - t2) / 1000).toFixed(2)} s`);
}
server.close(); await fh.close();
