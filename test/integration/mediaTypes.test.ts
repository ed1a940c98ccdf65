/**
 * Media types against a real `folio serve` (issue #11): every entry point that takes a `mimeType`
 * refuses one that is not a media type (RFC 9110) with 110001 naming the field, and stores the
 * canonical form of one that is; a version stored with a bad type by an older build (written here
 * into the SQLite file directly) still downloads, its text job settles, and `folio sync --once` of
 * its container completes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult } from '../../shared/v1/ingest.ts';
import type { Rendition } from '../../shared/v1/renditions.ts';
import type { ChunkedUploadSession, Container, Document, PageOf, VersionResult } from '../../shared/v1/resources.ts';
import { expectValidation } from '../helpers/envelopes.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { openDb, settledText } from '../helpers/text.ts';
import { syncOnceProcess } from './sync/process.ts';

/** Not media types: a header injection, a character outside Latin-1, and plain nonsense. */
const BAD = ['text/plain\r\nX-Injected: 1', 'text/plain; name="日本"', 'not a media type', 'text/', 'text/plain; charset'];

let server: ServerHandle;
let source: LocalServer;
let tenant: Tenant;
let api: Api;
let containerId: string;
let work: string;
let n = 0;
const title = () => `media-${n++}.bin`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  source = await localServer((req, res) => {
    const type = new URL(req.url ?? '/', 'http://x').searchParams.get('type') ?? 'text/plain';
    res.writeHead(200, { 'content-type': type, 'content-length': 5 }).end('hello');
  });
  server = await startServer(undefined, ['--allow-fetch-host', source.hostPort]);
  tenant = await createTenant(server.dataDir);
  api = await appApi(server.url, tenant);
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'media types' })).containerId;
  work = tempDir('folio-media-');
});

afterAll(async () => {
  await server.stop();
  await source.close();
  removeDir(server.dataDir);
  removeDir(work);
});

async function documentTitles(): Promise<string[]> {
  const page = data(await api.post<PageOf<Document>>('/v1/documents/getPage', { containerId, pageSize: 500 }));
  return page.content.map((d) => d.title);
}

describe('every entry point refuses a mimeType that is not a media type', () => {
  it('versions/upload', async () => {
    for (const mimeType of BAD) {
      const t = title();
      expectValidation(await api.raw('/v1/versions/upload', { containerId, title: t, mimeType }, Buffer.from('x')), 'mimeType');
      expect(await documentTitles()).not.toContain(t);
    }
  });

  it('versions/initChunkedUpload', async () => {
    for (const mimeType of BAD) {
      const body = { containerId, title: title(), mimeType, totalSize: 1, chunkSize: 1, totalChunks: 1 };
      expectValidation(await api.post('/v1/versions/initChunkedUpload', body), 'mimeType');
      // Resuming a session by its key does not skip the check.
      const key = `key-${n}`;
      data(await api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { ...body, mimeType: 'text/plain', idempotencyKey: key }));
      expectValidation(await api.post('/v1/versions/initChunkedUpload', { ...body, idempotencyKey: key }), 'mimeType');
    }
  });

  it('ingest/from-url, its mimeType field', async () => {
    const before = source.requests.length;
    for (const mimeType of BAD) {
      expectValidation(await api.post('/v1/ingest/from-url', { containerId, title: title(), url: `${source.origin}/file`, mimeType }), 'mimeType');
    }
    expect(source.requests.length).toBe(before);
  });

  it('ingest/from-url, the Content-Type the source served', async () => {
    // Node's HTTP stack cannot carry a CR/LF or a character outside Latin-1 in a header: these are what a source can send.
    for (const served of ['not a media type', 'text/plain; charset', 'text/plain; name="unterminated']) {
      const t = title();
      const reply = await api.post('/v1/ingest/from-url', { containerId, title: t, url: `${source.origin}/file?${new URLSearchParams({ type: served })}` });
      expectValidation(reply, 'mimeType');
      expect(reply.body.msg).toMatch(/the source served Content-Type/);
      expect(await documentTitles()).not.toContain(t);
    }
    // The caller may name the type instead.
    const named = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: title(), url: `${source.origin}/file?type=nonsense`, mimeType: 'text/plain' }));
    expect(named.syncResult?.mimeType).toBe('text/plain');
  });

  it('renditions/upload', async () => {
    const v = data(await api.raw('/v1/versions/upload', { containerId, title: title() }, Buffer.from('a preview of this'))) as VersionResult;
    for (const mimeType of BAD) {
      expectValidation(await api.raw('/v1/renditions/upload', { versionId: v.versionId, kind: 'PREVIEW', mimeType }, Buffer.from('preview')), 'mimeType');
    }
    const list = data(await api.get<{ renditions: Rendition[] }>('/v1/renditions/list', { versionId: v.versionId }));
    expect(list.renditions.map((r) => r.kind)).not.toContain('PREVIEW');
  });
});

describe('a valid media type is stored in its canonical form', () => {
  it('lower-cases type, subtype, parameter names and the charset, and quotes only what must be', async () => {
    const cases: [string, string][] = [
      ['Text/HTML ; Charset="UTF-8";Format=Flowed', 'text/html; charset=utf-8; format=Flowed'],
      ['application/x-test;name="a \\"b\\""', 'application/x-test; name="a \\"b\\""'],
      ['image/PNG;', 'image/png'],
    ];
    for (const [sent, stored] of cases) {
      const direct = data(await api.raw('/v1/versions/upload', { containerId, title: title(), mimeType: sent }, Buffer.from('x'))) as VersionResult;
      expect(direct.mimeType, sent).toBe(stored);
      const session = data(await api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId, title: title(), mimeType: sent, totalSize: 1, chunkSize: 1, totalChunks: 1 }));
      await api.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: '0' }, Buffer.from('x'));
      expect(data(await api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId })).mimeType, sent).toBe(stored);
      const res = await api.fetch('/v1/versions/download', { versionId: direct.versionId });
      expect(res.headers.get('content-type')).toBe(stored);
    }
    const ingested = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: title(), url: `${source.origin}/file?type=${encodeURIComponent('Text/Plain; Charset=UTF-8')}` }));
    expect(ingested.syncResult?.mimeType).toBe('text/plain');
  });
});

describe('a version stored with a bad media type by an older build', () => {
  const bytes = randomBytes(2000);
  const name = "bad\r\nname 'quoted' (1) *ü* 日本.bin";
  let folder: string;
  let version: VersionResult;

  beforeAll(async () => {
    folder = data(await api.post<Container>('/v1/containers/create', { name: 'written by an older build' })).containerId;
    version = data(await api.raw('/v1/versions/upload', { containerId: folder, title: 'legacy.bin' }, bytes)) as VersionResult;
    const db = openDb(server.dataDir);
    try {
      db.prepare('UPDATE versions SET mime_type = ?, original_filename = ? WHERE version_id = ?').run('text/plain\r\nX-Injected: 1', name, version.versionId);
      db.prepare('UPDATE documents SET mime_type = ?, original_filename = ? WHERE doc_id = ?').run('text/plain\r\nX-Injected: 1', name, version.docId);
    } finally {
      db.close();
    }
  });

  it('downloads as application/octet-stream, its name in an RFC 6266 / 5987 Content-Disposition', async () => {
    const res = await api.fetch('/v1/versions/download', { versionId: version.versionId });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-injected')).toBeNull();
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e\xa0-\xff]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(name);
    const part = await api.fetch('/v1/versions/download', { versionId: version.versionId }, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('has its text job settle', async () => {
    expect(['READY', 'NOT_APPLICABLE', 'FAILED']).toContain((await settledText(api, version.versionId)).status);
  });

  it('does not stop `folio sync --once` of its container', async () => {
    const dir = join(work, 'pair');
    mkdirSync(dir);
    const r = await syncOnceProcess({ server: server.url, container: folder, dir, state: join(work, 'state'), tenant });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('uploaded 0, downloaded 1, moved 0, deleted 0, conflicts 0');
    expect(sha(readFileSync(join(dir, 'legacy.bin')))).toBe(version.contentHash);
  });
});
