/**
 * The extractor thread's Array.prototype.push after pdf.js has loaded and read a PDF, from the
 * sources and from the bundle. The legacy build of pdf.js carries core-js, which on Node 20
 * replaces push with a JavaScript polyfill that cost about a quarter of a text page's CPU;
 * main/service/text/pdf.ts puts the engine's push back. In the bundle every import of a package
 * is hoisted above our own code, so a copy of push taken in a module of ours imported "before"
 * pdf.js was taken after it, and was already the polyfill.
 *
 * core-js also replaces Function.prototype.toString so that its polyfills look native: the check
 * uses a toString saved, before anything else runs in the thread, by a module given to the thread
 * with --import.
 */
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractReply, ExtractRequest } from '../../main/service/text/extractorThread.ts';
import { MIME, pdf } from '../fixtures/text.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';

const REPO = resolve(import.meta.dirname, '../..');
const COPIED = ['bin', 'main', 'shared', 'scripts/build-main.mjs', 'package.json', 'tsconfig.json'];

/** What the engine's own toString says of its push. */
const NATIVE_PUSH = 'function push() { [native code] }';

/**
 * Run first in the thread: saves the engine's toString, and answers each message on the port
 * given as workerData.builtins with what that toString says of the thread's push at that moment.
 */
const PROBE = `data:text/javascript,${encodeURIComponent(`import { workerData } from 'node:worker_threads';
const toString = Function.prototype.toString;
const port = workerData?.builtins;
if (port) {
  port.on('message', () => port.postMessage(toString.call(Array.prototype.push)));
  port.unref();
}`)}`;

let project: string;

beforeAll(async () => {
  // A copy of the project, built there: other tests run the real dist/node meanwhile.
  project = tempDir('folio-extractor-builtins-');
  for (const path of COPIED) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    cpSync(join(REPO, path), join(project, path), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'), 'dir');
  const built = await new Promise<{ code: number; stderr: string }>((done) => {
    execFile(process.execPath, [join(project, 'scripts', 'build-main.mjs')], { encoding: 'utf8' }, (err, _stdout, stderr) => done({ code: err ? 1 : 0, stderr }));
  });
  expect(built.code, built.stderr).toBe(0);
}, HEAVY_TEST_MS);

afterAll(() => {
  removeDir(project);
});

/** Starts the thread at `entry` with the probe, has it extract a PDF, and returns what the probe says of push then. */
async function pushAfterPdf(entry: URL, workerData: Record<string, unknown>): Promise<string> {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(entry, { execArgv: ['--import', PROBE], workerData: { ...workerData, builtins: port2 }, transferList: [port2] });
  try {
    const request: ExtractRequest = { id: 1, bytes: pdf([['a page of text for pdf.js to read']]), mimeType: MIME.pdf };
    const reply = await new Promise<ExtractReply>((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
      worker.postMessage(request);
    });
    expect(reply).toMatchObject({ id: 1, result: { status: 'READY' } });
    return await new Promise<string>((done) => {
      port1.once('message', done);
      port1.postMessage('push?');
    });
  } finally {
    port1.close();
    await worker.terminate();
  }
}

describe("the extractor thread's Array.prototype.push once pdf.js has read a PDF", () => {
  it('is the engine’s own, run from the sources', async () => {
    const source = new URL('main/service/text/extractorWorker.ts', `file://${project}/`);
    expect(await pushAfterPdf(new URL('main/platform/threadBoot.mjs', `file://${project}/`), { entry: source.href })).toBe(NATIVE_PUSH);
  }, HEAVY_TEST_MS);

  it('is the engine’s own, run from the bundle', async () => {
    expect(await pushAfterPdf(new URL('dist/node/extractorWorker.js', `file://${project}/`), {})).toBe(NATIVE_PUSH);
  }, HEAVY_TEST_MS);
});
