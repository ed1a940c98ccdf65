/**
 * The client checks what the service answers against the route's reply schema in the /v1
 * contract. A real `folio serve` cannot answer outside its schema, so a tiny HTTP server on
 * 127.0.0.1 plays a service that does: its version page carries a versionNo that is text.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCodes } from '../../../shared/errors.ts';
import { contract } from '../../../shared/v1/contract/index.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { FolioApiError } from '../../../main/remote/errors.ts';
import { localServer, type LocalServer } from '../../helpers/localHttp.ts';

const token = { accessToken: 'a', expiresIn: 3600, refreshToken: 'r', scopes: [], mode: 'APP_ONLY', userId: '', userName: '', tenantId: 't', requirePasswordChange: false };
const version = {
  versionId: 'v1',
  docId: 'd1',
  versionNo: 1,
  blobId: 'b',
  contentHash: 'h',
  sizeBytes: 3,
  mimeType: 'text/plain',
  originalFilename: 'a.txt',
  comment: '',
  createBy: 'u',
  createByName: 'U',
  createTime: '2026-01-01T00:00:00Z',
  label: '',
  sourcePreviewable: false,
};

let service: LocalServer;

beforeAll(async () => {
  service = await localServer((req, res) => {
    const envelope = (data: unknown) => JSON.stringify({ code: 0, data, ts: Date.now(), rid: 'rid-1', msg: 'success', success: true });
    res.setHeader('content-type', 'application/json');
    req.resume();
    req.on('end', () => {
      if (req.url === '/v1/auth/token') return res.end(envelope(token));
      // docId "good" gets a page as the contract says; any other gets one whose versionNo is text.
      const good = req.url === '/v1/versions/getPage' && service.requests.at(-1)?.body.includes('"good"');
      return res.end(envelope({ totalElements: 1, content: [good ? version : { ...version, versionNo: 'one' }] }));
    });
  });
});

afterAll(async () => {
  await service.close();
});

const client = () => new FolioClient({ baseUrl: service.origin, credentials: { clientId: 'c', clientSecret: 's' }, retry: { attempts: 3, baseDelayMs: 1 } });

it('returns data that matches the route reply schema', async () => {
  const page = await client().v1(contract.versions.getPage, { docId: 'good' });
  expect(page.content[0]?.versionNo).toBe(1);
});

it('refuses data outside the schema with UNEXPECTED_REPLY, naming the route and the field, and does not retry', async () => {
  const before = service.requests.filter((r) => r.path === '/v1/versions/getPage').length;
  const failure = await client()
    .v1(contract.versions.getPage, { docId: 'bad' })
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  expect(failure).toBeInstanceOf(FolioApiError);
  const err = failure as FolioApiError;
  expect(err.code).toBe(ErrorCodes.UNEXPECTED_REPLY.code);
  expect(err.serviceMessage).toContain('POST /v1/versions/getPage');
  expect(err.serviceMessage).toContain('/content/0/versionNo');
  expect(err.rid).toBe('rid-1');
  expect(service.requests.filter((r) => r.path === '/v1/versions/getPage').length - before).toBe(1);
});
