/** GET /v1/versions/download against a real `folio serve`: whole bodies, byte ranges (RFC 9110) and their failures. */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import type { VersionResult } from '../../shared/v1/resources.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';

let server: ServerHandle;
let app: Api;
let other: Api;
const bytes = randomBytes(100);
let version: VersionResult;
let empty: VersionResult;

async function download(versionId: string, headers: Record<string, string> = {}, api = app) {
  const res = await api.fetch('/v1/versions/download', { versionId }, headers);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

function envelopeOf(body: Buffer): Envelope<unknown> {
  return JSON.parse(body.toString('utf8')) as Envelope<unknown>;
}

beforeAll(async () => {
  server = await startServer();
  app = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
  other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
  version = data(await app.raw('/v1/versions/upload', { title: 'data.bin', mimeType: 'application/x-test' }, bytes)) as VersionResult;
  empty = data(await app.raw('/v1/versions/upload', { title: 'empty.txt' }, new Uint8Array(0))) as VersionResult;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('GET /v1/versions/download', () => {
  it('streams the whole body with Content-Length, ETag = contentHash and Accept-Ranges', async () => {
    const { res, body } = await download(version.versionId);
    expect(res.status).toBe(200);
    expect(body.equals(bytes)).toBe(true);
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('etag')).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(res.headers.get('etag')).toBe(`"${version.contentHash}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/x-test');
  });

  it('answers Range bytes=10-19 with 206, exactly those bytes and Content-Range', async () => {
    const { res, body } = await download(version.versionId, { range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(body.equals(bytes.subarray(10, 20))).toBe(true);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(res.headers.get('content-length')).toBe('10');
  });

  it('answers a suffix range bytes=-5 with the last five bytes', async () => {
    const { res, body } = await download(version.versionId, { range: 'bytes=-5' });
    expect(res.status).toBe(206);
    expect(body.equals(bytes.subarray(95))).toBe(true);
    expect(res.headers.get('content-range')).toBe('bytes 95-99/100');
  });

  it('answers an open range bytes=5- with everything from byte 5', async () => {
    const { res, body } = await download(version.versionId, { range: 'bytes=5-' });
    expect(res.status).toBe(206);
    expect(body.equals(bytes.subarray(5))).toBe(true);
    expect(res.headers.get('content-range')).toBe('bytes 5-99/100');
  });

  it('clamps a range that runs past the end', async () => {
    const { res, body } = await download(version.versionId, { range: 'bytes=90-1000' });
    expect(res.status).toBe(206);
    expect(body.equals(bytes.subarray(90))).toBe(true);
    expect(res.headers.get('content-range')).toBe('bytes 90-99/100');
  });

  it('answers an unsatisfiable range with 416, the envelope, and Content-Range bytes */size', async () => {
    const { res, body } = await download(version.versionId, { range: 'bytes=100-200' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */100');
    expect(envelopeOf(body)).toMatchObject({ code: 110005, success: false, data: null });
    expect(res.headers.get('x-request-id')).toBe(envelopeOf(body).rid);
  });

  it('ignores a malformed Range header and sends the whole body', async () => {
    const { res, body } = await download(version.versionId, { range: 'lines=1-2' });
    expect(res.status).toBe(200);
    expect(body.equals(bytes)).toBe(true);
  });

  it('honours If-Range: a stale ETag gets the whole body, the current one gets the range', async () => {
    const stale = await download(version.versionId, { range: 'bytes=0-9', 'if-range': '"0000"' });
    expect(stale.res.status).toBe(200);
    expect(stale.body.equals(bytes)).toBe(true);
    const current = await download(version.versionId, { range: 'bytes=0-9', 'if-range': `"${version.contentHash}"` });
    expect(current.res.status).toBe(206);
    expect(current.body.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it('downloads a 0-byte version as an empty body, and refuses any range on it with 416', async () => {
    const { res, body } = await download(empty.versionId);
    expect(res.status).toBe(200);
    expect(body.length).toBe(0);
    expect(res.headers.get('content-length')).toBe('0');
    expect(res.headers.get('etag')).toBe(`"${createHash('sha256').digest('hex')}"`);
    const ranged = await download(empty.versionId, { range: 'bytes=0-0' });
    expect(ranged.res.status).toBe(416);
    expect(ranged.res.headers.get('content-range')).toBe('bytes */0');
  });

  it("answers an unknown version and another tenant's version with the 120001 envelope", async () => {
    for (const [id, api] of [['ver_nope', app], [version.versionId, other]] as const) {
      const { res, body } = await download(id, {}, api);
      expect(res.status).toBe(404);
      expect(envelopeOf(body).code).toBe(120001);
    }
  });
});
