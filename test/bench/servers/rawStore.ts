/**
 * The upload baseline: a bare Node HTTP route that does what any honest store must do with a
 * body (stream it through SHA-256 into a temp file, fsync, rename it to its hash) and nothing
 * else: no auth, no database, no protocol. Usage: rawStore.ts DIR
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2];
if (!dir) throw new Error('usage: rawStore.ts DIR');
mkdirSync(dir, { recursive: true });

const server = createServer((req, res) => {
  if (req.method !== 'PUT') {
    res.writeHead(405).end();
    return;
  }
  store(req).then(
    (stored) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stored)),
    (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
  );
});

async function store(body: NodeJS.ReadableStream): Promise<{ sha256: string; bytes: number }> {
  const temp = join(dir as string, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(temp));
    const fh = await open(temp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  const sha256 = hash.digest('hex');
  mkdirSync(join(dir as string, sha256.slice(0, 2)), { recursive: true });
  await rename(temp, join(dir as string, sha256.slice(0, 2), sha256));
  return { sha256, bytes };
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
