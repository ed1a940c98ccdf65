/**
 * The download floor: what any client must at least do to fetch a list of files. Reads a JSON list
 * of `{ path, versionId }` (argv[2]) and GETs each from `folio serve`'s download route (argv[3]),
 * 8 at a time, into argv[4]: each into a temp file, fsynced, then renamed into place. No hash
 * check, no database, no retry: a bench measures the client doing more than this against it.
 * The bearer token comes in FOLIO_FLOOR_AUTHORIZATION, not on the command line.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import PQueue from 'p-queue';
import { Agent, request } from 'undici';

interface Entry {
  path: string;
  versionId: string;
}

const [listFile, baseUrl, target] = process.argv.slice(2);
const authorization = process.env.FOLIO_FLOOR_AUTHORIZATION;
if (!listFile || !baseUrl || !target || !authorization) throw new Error('usage: downloadFloor.ts LIST BASE_URL TARGET (FOLIO_FLOOR_AUTHORIZATION set)');

const entries = JSON.parse(readFileSync(listFile, 'utf8')) as Entry[];
for (const dir of new Set(entries.map((e) => dirname(join(target, e.path))))) mkdirSync(dir, { recursive: true });
const agent = new Agent({ connections: 8 });
const queue = new PQueue({ concurrency: 8 });
let n = 0;
for (const e of entries) {
  void queue.add(async () => {
    const res = await request(`${baseUrl}/v1/versions/download?versionId=${encodeURIComponent(e.versionId)}`, { headers: { authorization }, dispatcher: agent });
    if (res.statusCode !== 200) throw new Error(`GET ${e.path}: ${res.statusCode} ${await res.body.text()}`);
    const dest = join(target, e.path);
    const temp = join(dirname(dest), `.floor-${n++}.part`);
    const fh = await open(temp, 'w');
    try {
      for await (const piece of res.body) await fh.write(piece as Buffer);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(temp, dest);
  });
}
await queue.onIdle();
await agent.close();
