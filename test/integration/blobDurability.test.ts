/**
 * Blob and rendition files survive a crash once their version or rendition is committed: after a
 * file is linked into the content-addressed store, its directory is fsynced, so the new entry is
 * on disk too, not only the file's bytes. A real `folio serve` runs under strace, which records
 * the system calls it makes (test/helpers/strace.ts); the test reads that record. Content already
 * stored costs no fsync.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkedUploadSession, VersionResult } from '../../shared/v1/resources.ts';
import { MIME } from '../fixtures/text.ts';
import { appApi, createTenant, data, FOLIO_BIN, removeDir, tempDir, type Api } from '../helpers/server.ts';
import { escapeRe as escape, fsynced as dirSynced, indexOf, named, readTrace, requireStrace, straced } from '../helpers/strace.ts';
import { settledText } from '../helpers/text.ts';
import { printed } from '../helpers/wait.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let dataDir: string;
let traceFile: string;
let tracer: ChildProcess;
let api: Api;

/** Starts `folio serve` under strace. */
async function tracedServer(): Promise<string> {
  const [command, ...args] = straced(traceFile);
  tracer = spawn(command as string, [...args, process.execPath, FOLIO_BIN, 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  tracer.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const { match } = await printed(tracer, /listening on (http:\/\/127\.0\.0\.1:\d+)/, "folio serve's listening line under strace", () => stderr);
  return match[1] as string;
}

beforeAll(async () => {
  requireStrace();
  dataDir = realpathSync(tempDir());
  traceFile = join(tempDir('folio-trace-'), 'trace.txt');
  const tenant = await createTenant(dataDir);
  const url = await tracedServer();
  api = await appApi(url, tenant);
});

afterAll(async () => {
  if (tracer.exitCode === null) {
    const exited = new Promise((r) => tracer.once('exit', r));
    // The process group: strace and the server it runs.
    process.kill(-(tracer.pid as number), 'SIGTERM');
    await exited;
  }
  removeDir(dataDir);
});

const trace = () => readTrace(traceFile);
const linkedInto = (path: string, result: string) => named('link', '[^"]+', path, result);

/** Content whose hash starts a shard no other content of this test uses, so each directory's fsyncs are its own. */
const usedShards = new Set<string>();
function freshContent(wrap = (words: string) => words): Buffer {
  for (;;) {
    const bytes = Buffer.from(wrap(`words ${randomBytes(12).toString('hex')}`));
    const shard = sha256(bytes).slice(0, 2);
    if (!usedShards.has(shard)) {
      usedShards.add(shard);
      return bytes;
    }
  }
}

async function upload(bytes: Buffer, title: string, mimeType: string = MIME.text): Promise<VersionResult> {
  return data(await api.raw('/v1/versions/upload', { title, mimeType }, bytes)) as VersionResult;
}

describe('a new blob file is linked into place, then its directory is fsynced', () => {
  it('direct upload: the shard directory after the link, and the blob root after creating the shard', async () => {
    const bytes = freshContent();
    const hash = sha256(bytes);
    await upload(bytes, 'direct.txt');
    const shardDir = join(dataDir, 'blobs', hash.slice(0, 2));
    const lines = trace();
    const linked = indexOf(lines, linkedInto(join(shardDir, hash), '0'));
    expect(linked, 'the blob is linked into place').toBeGreaterThanOrEqual(0);
    const temp = new RegExp(`"(${escape(join(dataDir, 'tmp'))}/[^"]+\\.part)"`).exec(lines[linked] ?? '')?.[1];
    expect(temp, 'linked from a temp file').toBeDefined();
    const tempSynced = new RegExp(`^fsync\\(\\d+<${escape(temp ?? '')}>\\)\\s+= 0`);
    expect(lines.slice(0, linked).some((l) => tempSynced.test(l)), 'the temp file is fsynced before the link').toBe(true);
    expect(indexOf(lines, dirSynced(shardDir), linked), 'its directory is fsynced after the link').toBeGreaterThan(linked);
    const made = indexOf(lines, new RegExp(`^mkdir(at)?\\(.*"${escape(shardDir)}"`));
    expect(made, 'the shard directory was new').toBeGreaterThanOrEqual(0);
    expect(indexOf(lines, dirSynced(join(dataDir, 'blobs')), made)).toBeGreaterThan(made);
  });

  it('content already stored: the link finds the file, and nothing is fsynced for it', async () => {
    const bytes = freshContent();
    const hash = sha256(bytes);
    const shardDir = join(dataDir, 'blobs', hash.slice(0, 2));
    await upload(bytes, 'first.txt');
    const syncsBefore = trace().filter((l) => dirSynced(shardDir).test(l)).length;
    expect(syncsBefore).toBe(1);
    await upload(bytes, 'again.txt');
    const lines = trace();
    expect(indexOf(lines, linkedInto(join(shardDir, hash), '-1 EEXIST'))).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => dirSynced(shardDir).test(l))).toHaveLength(syncsBefore);
  });

  it('chunked upload: the assembly file linked into place', async () => {
    const bytes = freshContent();
    const hash = sha256(bytes);
    const session = data(await api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { title: 'chunked.txt', totalSize: bytes.length, chunkSize: bytes.length, totalChunks: 1 }));
    data(await api.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: '0' }, bytes));
    data(await api.post('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    const shardDir = join(dataDir, 'blobs', hash.slice(0, 2));
    const lines = trace();
    const linked = indexOf(lines, linkedInto(join(shardDir, hash), '0'));
    expect(linked, 'the assembly file is linked into place').toBeGreaterThanOrEqual(0);
    expect(indexOf(lines, dirSynced(shardDir), linked)).toBeGreaterThan(linked);
  });

  it('rendition files: the TEXT rendition the text job stores, and an uploaded PREVIEW', async () => {
    // HTML: a plain text file is its own text, and its TEXT rendition stores no file.
    const html = freshContent((words) => `<!doctype html><html><body><p>${words}</p></body></html>`);
    const version = await upload(html, 'with-text.html', MIME.html);
    expect((await settledText(api, version.versionId)).status).toBe('READY');
    const preview = freshContent();
    data(await api.raw('/v1/renditions/upload', { versionId: version.versionId, kind: 'PREVIEW', mimeType: MIME.text }, preview));
    const stored = trace();
    const renditionRoot = join(dataDir, 'renditions', 'blobs');
    const renditionLinks = stored.flatMap((l, i) => {
      const m = new RegExp(`^link(at)?\\(.*"(${escape(renditionRoot)}/[0-9a-f]{2})/[0-9a-f]{64}"(, 0)?\\)\\s+= 0`).exec(l);
      return m?.[2] ? [{ at: i, dir: m[2] }] : [];
    });
    expect(renditionLinks.length).toBeGreaterThanOrEqual(2);
    for (const { at, dir } of renditionLinks) expect(indexOf(stored, dirSynced(dir), at), dir).toBeGreaterThan(at);
    expect(renditionLinks.some((l) => l.dir.endsWith(sha256(preview).slice(0, 2)))).toBe(true);
  });
});

describe('per-install secrets', () => {
  it('the new key file is fsynced before it is linked into place, and its directory after', () => {
    const secrets = join(dataDir, 'secrets');
    const lines = trace();
    const linked = indexOf(lines, new RegExp(`^link(at)?\\(.*"${escape(secrets)}/\\.[^"]+", .*"${escape(secrets)}/[a-z0-9-]+"(, 0)?\\)\\s+= 0`));
    expect(linked, 'a secret is created at start').toBeGreaterThanOrEqual(0);
    const temp = new RegExp(`^fsync\\(\\d+<${escape(secrets)}/\\.[^>]+>\\)\\s+= 0`);
    expect(lines.slice(0, linked).some((l) => temp.test(l)), 'the temp file is fsynced before the link').toBe(true);
    expect(indexOf(lines, dirSynced(secrets), linked)).toBeGreaterThan(linked);
  });
});
