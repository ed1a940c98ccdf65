/** Renditions against a real `folio serve`: upload, list, signed URLs and the signed read route, with every spec code. */
import { createHash } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rendition, RenditionList, SignedUrl } from '../../shared/v1/renditions.ts';
import type { Container, VersionResult } from '../../shared/v1/resources.ts';
import { drawText, MIME, png } from '../fixtures/text.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';
import { openDb, renditionPath, settledText, upload } from '../helpers/text.ts';
import { createUsers } from '../helpers/users.ts';

let server: ServerHandle;
let tenantId: string;
let api: Api;
let other: Api;
let version: VersionResult;
let preview: Buffer;

beforeAll(async () => {
  server = await startServer();
  const tenant = await createTenant(server.dataDir, 'acme');
  tenantId = tenant.tenantId;
  api = await appApi(server.url, tenant);
  other = await appApi(server.url, await createTenant(server.dataDir, 'globex'));
  version = await upload(api, new TextEncoder().encode('the document itself'), MIME.text);
  preview = await png(drawText(['Preview'], 300, 120));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function uploadPreview(client: Api, versionId: string, bytes: Uint8Array, mimeType: string = MIME.png, kind = 'PREVIEW') {
  return client.raw('/v1/renditions/upload', { versionId, kind, mimeType }, bytes);
}

function signedUrl(client: Api, body: Record<string, unknown>) {
  return client.post<SignedUrl>('/v1/renditions/signed-url', body);
}

async function renditions(versionId: string): Promise<Rendition[]> {
  return data(await api.get<RenditionList>('/v1/renditions/list', { versionId })).renditions;
}

/** The spec's codes come with HTTP 200, data null and success false. */
function expectCode(res: { status: number; body: { code: number; data: unknown; success: boolean } }, code: number): void {
  expect([res.status, res.body.code, res.body.data, res.body.success]).toEqual([200, code, null, false]);
}

describe('POST /v1/renditions/upload', () => {
  it('stores a PREVIEW as READY, and the list shows it beside the TEXT rendition', async () => {
    const r = data(await uploadPreview(api, version.versionId, preview)) as Rendition;
    expect(r).toMatchObject({ versionId: version.versionId, kind: 'PREVIEW', status: 'READY', mimeType: 'image/png', sizeBytes: preview.length, contentHash: sha256(preview), failReason: '' });
    await settledText(api, version.versionId);
    const list = await renditions(version.versionId);
    expect(list.map((x) => [x.kind, x.status])).toEqual([['PREVIEW', 'READY'], ['TEXT', 'READY']]);
  });

  it('a new upload replaces the preview and removes the old bytes', async () => {
    const v = await upload(api, new TextEncoder().encode('replace me'), MIME.text);
    const first = data(await uploadPreview(api, v.versionId, Buffer.from('first preview'), 'text/plain; charset=UTF-8')) as Rendition;
    expect(first.mimeType).toBe('text/plain; charset=utf-8');
    const second = data(await uploadPreview(api, v.versionId, Buffer.from('second preview'), MIME.text)) as Rendition;
    expect(second.renditionId).toBe(first.renditionId);
    expect(second.contentHash).toBe(sha256(Buffer.from('second preview')));
    expect(() => statSync(renditionPath(server.dataDir, first.contentHash))).toThrow();
    expect(statSync(renditionPath(server.dataDir, second.contentHash)).size).toBe(14);
  });

  it('180014 for any kind but PREVIEW, and nothing is stored', async () => {
    const v = await upload(api, new TextEncoder().encode('no thumbnails'), MIME.text);
    for (const kind of ['THUMBNAIL', 'TEXT', 'preview', '']) expectCode(await uploadPreview(api, v.versionId, preview, MIME.png, kind), 180014);
    expect((await renditions(v.versionId)).map((r) => r.kind)).not.toContain('PREVIEW');
  });

  it("187001 for an unknown version or another tenant's", async () => {
    expectCode(await uploadPreview(api, 'ver_unknown', preview), 187001);
    expectCode(await uploadPreview(other, version.versionId, preview), 187001);
  });

  it('173011 for a MIME type that cannot render inline', async () => {
    for (const mime of ['application/zip', 'text/html', 'image/svg+xml', 'application/octet-stream', 'Application/ZIP; x=1']) {
      expectCode(await uploadPreview(api, version.versionId, preview, mime), 173011);
    }
  });

  it('rejects a missing mimeType, a non-octet-stream body and an empty preview with 4xx', async () => {
    const noMime = await api.raw('/v1/renditions/upload', { versionId: version.versionId, kind: 'PREVIEW' }, preview);
    expect([noMime.status, noMime.body.code]).toEqual([400, 110001]);
    const json = await api.post(`/v1/renditions/upload?versionId=${version.versionId}&kind=PREVIEW&mimeType=image/png`, {});
    expect([json.status, json.body.code]).toEqual([415, 110004]);
    const empty = await uploadPreview(api, version.versionId, new Uint8Array(0));
    expect([empty.status, empty.body.code]).toEqual([400, 110001]);
  });

  it('needs a token', async () => {
    const res = await uploadPreview(new Api(server.url), version.versionId, preview);
    expect([res.status, res.body.code]).toEqual([401, 100001]);
  });
});

describe('GET /v1/renditions/list', () => {
  it("is 120001 for an unknown version and for another tenant's", async () => {
    for (const [client, versionId] of [[api, 'ver_unknown'], [other, version.versionId]] as const) {
      const res = await client.get('/v1/renditions/list', { versionId });
      expect([res.status, res.body.code]).toEqual([404, 120001]);
    }
  });
});

describe('POST /v1/renditions/signed-url and the signed read', () => {
  it('issues a URL that reads the bytes without a token', async () => {
    const before = Date.now();
    const signed = data(await signedUrl(api, { versionId: version.versionId, kind: 'PREVIEW' }));
    expect(signed.validitySeconds).toBe(300);
    expect(Date.parse(signed.expiresAt) - before).toBeGreaterThan(298_000);
    expect(Date.parse(signed.expiresAt) - before).toBeLessThanOrEqual(301_000);
    expect(signed.url).toBe(`${server.url}${signed.path}`);

    const res = await fetch(signed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(300);
    expect(Buffer.from(await res.arrayBuffer()).equals(preview)).toBe(true);

    const part = await fetch(signed.url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${preview.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(preview.subarray(0, 8))).toBe(true);
  });

  it('serves the TEXT rendition too', async () => {
    const signed = data(await signedUrl(api, { versionId: version.versionId, kind: 'TEXT', validitySeconds: 60 }));
    const res = await fetch(signed.url);
    expect(res.headers.get('content-type')).toBe('application/vnd.folio.text+json');
    expect(await res.json()).toMatchObject({ source: 'EXTRACTED', pages: [{ page: 1, text: 'the document itself' }] });
  });

  it('173010 for a URL whose signature does not match any of its fields', async () => {
    const signed = data(await signedUrl(api, { versionId: version.versionId, kind: 'PREVIEW', validitySeconds: 600 }));
    const otherVersion = await upload(api, new TextEncoder().encode('another version'), MIME.text);
    await uploadPreview(api, otherVersion.versionId, preview);
    const base = new URL(signed.url);
    const tampered = (field: string, value: string | null) => {
      const u = new URL(base);
      if (value === null) u.searchParams.delete(field);
      else u.searchParams.set(field, value);
      return u.toString();
    };
    const sig = base.searchParams.get('sig') ?? '';
    const expires = Number(base.searchParams.get('expires'));
    const forged = [
      tampered('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`),
      tampered('sig', null),
      tampered('sig', 'zz'),
      tampered('versionId', otherVersion.versionId),
      tampered('tenantId', 'ten_other'),
      tampered('kind', 'TEXT'),
      tampered('expires', String(expires + 3600)),
      tampered('expires', 'soon'),
      `${server.url}/v1/renditions/read`,
    ];
    for (const url of forged) {
      const res = await fetch(url);
      expect([res.status, (await res.json()) as unknown]).toMatchObject([200, { code: 173010, data: null, success: false }]);
    }
  });

  it('173010 once the URL has expired', async () => {
    const signed = data(await signedUrl(api, { versionId: version.versionId, kind: 'PREVIEW', validitySeconds: 1 }));
    expect((await fetch(signed.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(signed.url);
    expect((await res.json()) as unknown).toMatchObject({ code: 173010, msg: 'the signed URL has expired' });
  });

  it('180001 for a kind outside the supported set', async () => {
    for (const kind of ['THUMBNAIL', 'preview', 'ORIGINAL']) expectCode(await signedUrl(api, { versionId: version.versionId, kind }), 180001);
  });

  it('173009 for a validity period outside 1..3600 seconds', async () => {
    for (const validitySeconds of [0, -5, 3601, 86400]) expectCode(await signedUrl(api, { versionId: version.versionId, kind: 'PREVIEW', validitySeconds }), 173009);
    const wrongType = await signedUrl(api, { versionId: version.versionId, kind: 'PREVIEW', validitySeconds: '60' });
    expect([wrongType.status, wrongType.body.code]).toEqual([400, 110001]);
  });

  it('180002 when the version has no rendition of that kind', async () => {
    const v = await upload(api, new TextEncoder().encode('no preview yet'), MIME.text);
    expectCode(await signedUrl(api, { versionId: v.versionId, kind: 'PREVIEW' }), 180002);
  });

  it('180003 when the rendition is not READY', async () => {
    const v = await upload(api, Buffer.from([0, 1, 2, 3, 255]), 'application/octet-stream');
    expect((await settledText(api, v.versionId)).status).toBe('NOT_APPLICABLE');
    const res = await signedUrl(api, { versionId: v.versionId, kind: 'TEXT' });
    expectCode(res, 180003);
    expect(res.body.msg).toBe('the TEXT rendition is NOT_APPLICABLE, not READY');
  });

  it('180004 when a READY rendition has no bytes attached', async () => {
    const v = await upload(api, new TextEncoder().encode('broken record'), MIME.text);
    const r = data(await uploadPreview(api, v.versionId, Buffer.from('bytes to detach'), MIME.text)) as Rendition;
    const db = openDb(server.dataDir);
    try {
      db.prepare(`UPDATE renditions SET content_hash = '' WHERE rendition_id = ?`).run(r.renditionId);
    } finally {
      db.close();
    }
    expectCode(await signedUrl(api, { versionId: v.versionId, kind: 'PREVIEW' }), 180004);
  });

  it('180005 when the stored bytes are missing, at issue and at read', async () => {
    const v = await upload(api, new TextEncoder().encode('file goes missing'), MIME.text);
    const r = data(await uploadPreview(api, v.versionId, Buffer.from('soon gone'), MIME.text)) as Rendition;
    const signed = data(await signedUrl(api, { versionId: v.versionId, kind: 'PREVIEW' }));
    rmSync(renditionPath(server.dataDir, r.contentHash));
    expectCode(await signedUrl(api, { versionId: v.versionId, kind: 'PREVIEW' }), 180005);
    expect((await (await fetch(signed.url)).json()) as unknown).toMatchObject({ code: 180005 });
  });

  it('stops working (180002) once the document is in the recycle bin, and works again after restore', async () => {
    const v = await upload(api, new TextEncoder().encode('to be deleted'), MIME.text);
    await uploadPreview(api, v.versionId, Buffer.from('deleted preview'), MIME.text);
    const signed = data(await signedUrl(api, { versionId: v.versionId, kind: 'PREVIEW' }));
    data(await api.post('/v1/documents/delete', { docId: v.docId }));
    expect((await (await fetch(signed.url)).json()) as unknown).toMatchObject({ code: 180002 });
    data(await api.post('/v1/documents/restore', { docId: v.docId }));
    expect(await (await fetch(signed.url)).text()).toBe('deleted preview');
  });

  it("180002 for an unknown version and for another tenant's: neither has a rendition this caller can see", async () => {
    await uploadPreview(api, version.versionId, preview);
    for (const [client, versionId] of [[api, 'ver_unknown'], [other, version.versionId]] as const) {
      const res = await signedUrl(client, { versionId, kind: 'PREVIEW' });
      expectCode(res, 180002);
      expect(res.body.msg).toBe('this version has no PREVIEW rendition');
    }
  });

  it('180002 for a version whose document the caller may not read and download, the same answer as for one that does not exist', async () => {
    const { reader, stranger, downloader } = await createUsers(server.dataDir, tenantId, api, ['reader', 'stranger', 'downloader']);
    const area = data(await api.post<Container>('/v1/containers/create', { name: 'restricted', aclInheritEnabled: false }));
    data(await api.post('/v1/acl/entries/set', {
      containerId: area.containerId,
      entries: [
        { principalType: 'USER', principalId: reader.userId, role: 'VIEWER' },
        { principalType: 'USER', principalId: downloader.userId, role: 'DOWNLOADER' },
      ],
    }));
    const v = data(await api.raw('/v1/versions/upload', { containerId: area.containerId, title: 'restricted.txt' }, new TextEncoder().encode('restricted'))) as VersionResult;
    await uploadPreview(api, v.versionId, preview);
    for (const user of [reader, stranger]) {
      const res = await signedUrl(user.api, { versionId: v.versionId, kind: 'PREVIEW' });
      expectCode(res, 180002);
      expect(res.body.msg).toBe('this version has no PREVIEW rendition');
    }
    expect(Buffer.from(await (await fetch(data(await signedUrl(downloader.api, { versionId: v.versionId, kind: 'PREVIEW' })).url)).arrayBuffer())).toEqual(preview);
  });

  it('signs with a per-install key kept in the data directory, readable by the owner only', () => {
    expect(statSync(join(server.dataDir, 'secrets', 'rendition-url-key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(server.dataDir, 'secrets')).mode & 0o777).toBe(0o700);
  });
});
