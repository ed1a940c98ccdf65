/**
 * What a real `folio serve` loads on its main thread, where every request is parsed, answered and
 * logged: the engine's own built-ins, untouched. The document parsers load in the extractor threads
 * only. The legacy build of pdf.js carries core-js, which replaces JSON.stringify and JSON.parse
 * (and Function.prototype.toString) with JavaScript polyfills in the thread that loads it; when the
 * service's text job imported the extractors, every response and access-log line on the main
 * thread went through them, about 1.5x the service's CPU per uploaded file in a first sync
 * (docs/sync-performance.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIME, pdf } from '../fixtures/text.ts';
import { appApi, createTenant, removeDir, startServer, tempDir, type Api, type ServerHandle } from '../helpers/server.ts';
import { settledText, upload } from '../helpers/text.ts';

/**
 * A module run before folio serve's own (node --import): it keeps every own property of the
 * intrinsics the service's code calls on each request, and at exit writes to `out` the names of
 * those the main thread no longer has as they were. Worker threads run it too, and skip it.
 */
function builtinsWatch(out: string): string {
  const source = `import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  const watched = { JSON, Math, Reflect, Object, Array, Promise, 'Object.prototype': Object.prototype, 'Function.prototype': Function.prototype,
    'Array.prototype': Array.prototype, 'String.prototype': String.prototype, 'Promise.prototype': Promise.prototype,
    'Map.prototype': Map.prototype, 'Set.prototype': Set.prototype };
  const valueOf = (o, key) => { const d = Object.getOwnPropertyDescriptor(o, key); return d && ('value' in d ? d.value : d.get); };
  const kept = Object.entries(watched).flatMap(([name, o]) => Reflect.ownKeys(o).map((key) => ({ name: name + '.' + String(key), o, key, value: valueOf(o, key) })));
  const stringify = JSON.stringify;
  process.on('exit', () => {
    writeFileSync(${JSON.stringify(out)}, stringify(kept.filter((k) => !Object.is(valueOf(k.o, k.key), k.value)).map((k) => k.name)));
  });
}`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

let server: ServerHandle;
let api: Api;
let scratch: string;

beforeAll(async () => {
  scratch = tempDir('folio-main-thread-');
  server = await startServer(undefined, [], {}, ['--import', builtinsWatch(join(scratch, 'replaced.json'))]);
  api = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(scratch);
});

describe("folio serve's main thread", () => {
  it('keeps the engine’s JSON and every other intrinsic while a PDF and a text file are uploaded and their texts extracted', async () => {
    const scanned = await upload(api, pdf([['words on the first page'], ['and on the second']]), MIME.pdf);
    const plain = await upload(api, new TextEncoder().encode('a text file is its own text'), MIME.text);
    expect((await settledText(api, scanned.versionId)).status).toBe('READY');
    expect((await settledText(api, plain.versionId)).status).toBe('READY');
    expect(await server.stop()).toBe(0);
    expect(JSON.parse(readFileSync(join(scratch, 'replaced.json'), 'utf8'))).toEqual([]);
  });
});
