/**
 * `folio serve --log-file F`: one JSON access line per request with who, what and how it went,
 * start-up and shutdown lines, and no secret anywhere in the file, against a real server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUrl } from '../../shared/v1/renditions.ts';
import type { Container, TokenResult } from '../../shared/v1/resources.ts';
import { drawText, MIME, png } from '../fixtures/text.ts';
import { Api, createTenant, createUser, data, folio, removeDir, startServer, tempDir, type Tenant } from '../helpers/server.ts';
import { upload } from '../helpers/text.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';

interface LogLine {
  level: number;
  time: string;
  msg: string;
  rid?: string;
  tenant?: string;
  client?: string;
  ip?: string;
  method?: string;
  route?: string;
  url?: string;
  status?: number;
  code?: number;
  duration?: number;
  bytes?: number;
  address?: string;
}

const dirs: string[] = [];
let url = '';
let tenant: Tenant;
let lines: LogLine[] = [];
let text = '';
let stdout = '';
const secrets: Record<string, string> = {};
const rids: Record<string, string> = {};
let previewBytes = 0;

beforeAll(async () => {
  const dataDir = tempDir('folio-serve-log-');
  const logDir = tempDir('folio-serve-log-file-');
  dirs.push(dataDir, logDir);
  const logFile = join(logDir, 'nested', 'serve.log');
  const server = await startServer(dataDir, ['--log-file', logFile]);
  server.process.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  url = server.url;
  tenant = await createTenant(dataDir);
  await createUser(dataDir, tenant.tenantId, 'alice');
  secrets.clientSecret = tenant.clientSecret;
  secrets.password = 'correct horse';

  const anonymous = new Api(url);
  const first = data(await anonymous.post<TokenResult>('/v1/auth/token', { clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
  secrets.firstRefreshToken = first.refreshToken as string;
  const token = data(await anonymous.post<TokenResult>('/v1/auth/refresh', { refreshToken: first.refreshToken }));
  secrets.accessToken = token.accessToken;
  secrets.refreshToken = token.refreshToken as string;
  const app = new Api(url, token.accessToken);
  const user = data(await app.post<TokenResult>('/v1/auth/userSession', { userName: 'alice', password: secrets.password }));
  secrets.userToken = user.accessToken;

  const created = await app.with({ 'X-Svc-User-Token': user.accessToken }).post<Container>('/v1/containers/create', { name: 'logged' });
  expect(created.body.code).toBe(0);
  rids.create = created.body.rid;
  const missing = await app.get('/v1/containers/get', { containerId: 'no-such-container' });
  rids.missing = missing.body.rid;
  const refused = await new Api(url, 'not-a-token').get('/v1/containers/get', { containerId: 'x' });
  rids.refused = refused.body.rid;

  const version = await upload(app, new TextEncoder().encode('a logged document'), MIME.text);
  data(await app.get('/v1/documents/get', { docId: version.docId }));
  rids.remembered = (await app.get('/v1/documents/get', { docId: version.docId })).body.rid;
  const preview = await png(drawText(['Preview'], 200, 80));
  previewBytes = preview.length;
  expect((await app.raw('/v1/renditions/upload', { versionId: version.versionId, kind: 'PREVIEW', mimeType: MIME.png }, preview)).body.code).toBe(0);
  const signed = data(await app.post<SignedUrl>('/v1/renditions/signed-url', { versionId: version.versionId, kind: 'PREVIEW' }));
  secrets.sig = new URL(signed.url).searchParams.get('sig') as string;
  const read = await fetch(signed.url);
  expect(read.status).toBe(200);
  rids.read = read.headers.get('x-request-id') as string;
  await read.arrayBuffer();

  expect(await server.stop()).toBe(0);
  text = readFileSync(logFile, 'utf8');
  lines = text.trim().split('\n').map((l) => JSON.parse(l) as LogLine);
}, HEAVY_TEST_MS);

afterAll(() => dirs.forEach(removeDir));

const byRid = (rid: string | undefined) => lines.filter((l) => l.rid === rid && l.msg === 'request');

describe('folio serve --log-file', () => {
  it('keeps every secret out of the file: client secret, password, tokens, user token, URL signature', () => {
    expect(Object.keys(secrets)).toHaveLength(7);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(text.includes(secret), `${name} is in the log`).toBe(false);
    }
  });

  it('writes one access line per request, with who called, the route, the status, the business code, the duration and the bytes', () => {
    const [line, ...more] = byRid(rids.create);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, tenant: tenant.tenantId, client: tenant.clientId, ip: '127.0.0.1', method: 'POST', route: '/v1/containers/create', url: '/v1/containers/create', status: 200, code: 0 });
    expect(line?.duration).toBeGreaterThanOrEqual(0);
    expect(line?.bytes).toBeGreaterThan(0);
    expect(Date.parse(line?.time ?? '')).toBeGreaterThan(0);
  });

  it('gives a failed request its business code', () => {
    expect(byRid(rids.missing)).toEqual([expect.objectContaining({ tenant: tenant.tenantId, route: '/v1/containers/get', status: 404, code: 120001 })]);
    expect(byRid(rids.refused)).toEqual([expect.objectContaining({ route: '/v1/containers/get', status: 401, code: 100001 })]);
    expect(byRid(rids.refused)[0]).not.toHaveProperty('tenant');
  });

  it("gives a reply from the reply cache, written around its kept JSON, the envelope's code", () => {
    expect(byRid(rids.remembered)).toEqual([expect.objectContaining({ route: '/v1/documents/get', status: 200, code: 0 })]);
  });

  it('logs a signed read with its signature stripped from the URL, and the bytes sent', () => {
    const [line] = byRid(rids.read);
    expect(line).toMatchObject({ method: 'GET', route: '/v1/renditions/read', status: 200, bytes: previewBytes });
    expect(line?.url).toMatch(/^\/v1\/renditions\/read\?.*sig=\[Redacted\]/);
    expect(line).not.toHaveProperty('code');
  });

  it('logs start-up and shutdown, and keeps the plain listening line alone on stdout', () => {
    expect(lines.find((l) => l.msg === 'started')).toMatchObject({ level: 30, address: url });
    expect(lines.some((l) => l.msg.startsWith('stopping'))).toBe(true);
    expect(lines.at(-1)?.msg).toBe('stopped');
    expect(stdout).toBe('');
  });
});

describe('folio serve --log-level', () => {
  it('exits 2 with one line naming the levels on a level pino does not know', async () => {
    const dir = tempDir('folio-serve-log-level-');
    dirs.push(dir);
    const outcome = await folio(['serve', '--data', dir, '--log-level', 'loud']).catch((err: { code: number; stderr: string }) => err);
    expect(outcome).toMatchObject({ code: 2 });
    expect((outcome as { stderr: string }).stderr).toBe("folio: --log-level must be one of fatal, error, warn, info, debug, trace, silent, not 'loud' (see 'folio serve --help')\n");
  });
});
