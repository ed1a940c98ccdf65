/** Spec 4.1 and §5 against a real `folio serve`: tokens, refresh, user sessions and the user channels. */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, appApi, createTenant, createUser, data, folio, removeDir, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';
import type { Container, TokenResult } from '../../shared/v1/resources.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let aliceId: string;
let weakClient: { clientId: string; clientSecret: string };

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  aliceId = await createUser(server.dataDir, tenant.tenantId, 'alice', ['--source', 'ldap', '--source-id', 'a-123']);
  weakClient = JSON.parse((await folio(['admin', 'create-client', '--data', server.dataDir, '--tenant', tenant.tenantId, '--act-as-user-allowed', '--json'])).stdout);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Runs `write` on a connection of its own to the service's database, as another process would. */
function otherProcess(write: (db: Database.Database) => void): void {
  const db = new Database(join(server.dataDir, 'folio.db'));
  try {
    db.pragma('busy_timeout = 5000');
    write(db);
  } finally {
    db.close();
  }
}

describe('POST /v1/auth/token', () => {
  it('issues an opaque APP_ONLY token with the tenant decoded from the client id', async () => {
    const res = await new Api(server.url).post<TokenResult>('/v1/auth/token', { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    const t = data(res);
    expect(t.mode).toBe('APP_ONLY');
    expect(t.tenantId).toBe(tenant.tenantId);
    expect(t.expiresIn).toBe(3600);
    expect(t.accessToken.split('.')).toHaveLength(1);
    expect(res.headers.get('x-request-id')).toBe(res.body.rid);
  });

  it('refuses a wrong secret with 100003 and no token', async () => {
    const res = await new Api(server.url).post('/v1/auth/token', { clientId: tenant.clientId, clientSecret: 'nope' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 100003, data: null, success: false });
  });

  it('requires a bearer token everywhere else', async () => {
    const res = await new Api(server.url).post('/v1/containers/create', { name: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(100001);
    const bad = await new Api(server.url, 'fat_forged').post('/v1/containers/create', { name: 'x' });
    expect(bad.body.code).toBe(100001);
  });
});

describe('a token stops working the moment it is removed (the service remembers tokens it has seen)', () => {
  const tokenFor = async () => data(await new Api(server.url).post<TokenResult>('/v1/auth/token', { clientId: tenant.clientId, clientSecret: tenant.clientSecret }));

  it('refuses a revoked app token on the next request, after it was in use', async () => {
    const t = await tokenFor();
    const api = new Api(server.url, t.accessToken);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    expect(data(await new Api(server.url).post('/v1/auth/revoke', { token: t.accessToken }))).toEqual({ revoked: true });
    const after = await api.post('/v1/containers/getPage', {});
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 100001, data: null, success: false });
  });

  it('refuses a revoked user token on the next request, after it was in use', async () => {
    const session = data(await app.post<TokenResult>('/v1/auth/userSession', { userName: 'alice', password: 'correct horse' }));
    const asAlice = app.with({ 'X-Svc-User-Token': session.accessToken });
    expect((await asAlice.post('/v1/containers/getPage', {})).body.code).toBe(0);
    expect(data(await new Api(server.url).post('/v1/auth/revoke', { token: session.accessToken }))).toEqual({ revoked: true });
    expect((await asAlice.post('/v1/containers/getPage', {})).body.code).toBe(101010);
  });

  it('refuses a token another process removed from the database, on the next request', async () => {
    const t = await tokenFor();
    const api = new Api(server.url, t.accessToken);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    otherProcess((db) => expect(db.prepare('DELETE FROM tokens WHERE token_hash = ?').run(sha256(t.accessToken)).changes).toBe(1));
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(100001);
  });

  it('refuses a token another process changed in the database, on the next request', async () => {
    const t = await tokenFor();
    const api = new Api(server.url, t.accessToken);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    otherProcess((db) => expect(db.prepare('UPDATE tokens SET expires_at = 1 WHERE token_hash = ?').run(sha256(t.accessToken)).changes).toBe(1));
    const after = await api.post('/v1/containers/getPage', {});
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(100002);
  });
});

describe("a caller's client is read again once another process has changed it", () => {
  it('refuses the app token alone of a client another process made public, on the next request', async () => {
    const client = JSON.parse((await folio(['admin', 'create-client', '--data', server.dataDir, '--tenant', tenant.tenantId, '--json'])).stdout) as { clientId: string; clientSecret: string };
    const t = data(await new Api(server.url).post<TokenResult>('/v1/auth/token', client));
    const api = new Api(server.url, t.accessToken);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    expect((await api.post('/v1/containers/getPage', {})).body.code).toBe(0);
    otherProcess((db) => expect(db.prepare('UPDATE api_clients SET public = 1 WHERE client_id = ?').run(client.clientId).changes).toBe(1));
    const after = await api.post('/v1/containers/getPage', {});
    expect(after.status).toBe(403);
    expect(after.body.code).toBe(100007);
  });
});

describe('POST /v1/auth/refresh', () => {
  it('rotates: a refresh token works once', async () => {
    const first = data(await new Api(server.url).post<TokenResult>('/v1/auth/token', { clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
    const second = data(await new Api(server.url).post<TokenResult>('/v1/auth/refresh', { refreshToken: first.refreshToken }));
    expect(second.accessToken).not.toBe(first.accessToken);
    const again = await new Api(server.url).post('/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(again.body.code).toBe(100004);
    const usable = await new Api(server.url, second.accessToken).post('/v1/containers/getPage', {});
    expect(usable.body.code).toBe(0);
  });
});

describe('user channels (spec §5)', () => {
  async function login(): Promise<TokenResult> {
    return data(await app.post<TokenResult>('/v1/auth/userSession', { userName: 'alice', password: 'correct horse' }));
  }

  it('logs a user in through the app token', async () => {
    const t = await login();
    expect(t).toMatchObject({ userId: aliceId, userName: 'alice', requirePasswordChange: false, tenantId: tenant.tenantId });
    const wrong = await app.post('/v1/auth/userSession', { userName: 'alice', password: 'wrong password' });
    expect(wrong.body.code).toBe(100005);
    const unknown = await app.post('/v1/auth/userSession', { userName: 'mallory', password: 'correct horse' });
    expect(unknown.body.code).toBe(100005);
  });

  it('attributes work to the user of a strong channel', async () => {
    const t = await login();
    const c = data(await app.with({ 'X-Svc-User-Token': t.accessToken }).post<Container>('/v1/containers/create', { name: 'alice strong' }));
    expect(c.createBy).toBe(aliceId);
    expect(c.createByName).toBe('alice');
  });

  it('refuses an invalid user token', async () => {
    const res = await app.with({ 'X-Svc-User-Token': 'fut_forged' }).post('/v1/containers/create', { name: 'x' });
    expect(res.body.code).toBe(101010);
  });

  it('gives 101008 when strong and weak channels are sent together', async () => {
    const t = await login();
    for (const weak of <Record<string, string>[]>[{ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'a-123' }, { 'X-Svc-Act-As-Source': 'ldap' }]) {
      const res = await app.with({ 'X-Svc-User-Token': t.accessToken, ...weak }).post('/v1/containers/create', { name: 'both' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 101008, success: false, data: null });
    }
  });

  it('gives 101009 when only one header of the weak pair is sent', async () => {
    for (const half of <Record<string, string>[]>[{ 'X-Svc-Act-As-Source': 'ldap' }, { 'X-Svc-Act-As-Source-Id': 'a-123' }]) {
      const res = await app.with(half).post('/v1/containers/create', { name: 'half' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 101009, success: false });
    }
  });

  it('silently degrades a weak channel to APP_ONLY on a client without act_as_user_allowed', async () => {
    const c = data(await app.with({ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'a-123' }).post<Container>('/v1/containers/create', { name: 'degraded' }));
    expect(c.createBy).toBe(tenant.clientId);
  });

  it('attributes work to the user of a weak channel on an allowed client', async () => {
    const weakApp = await appApi(server.url, { ...weakClient, tenantId: tenant.tenantId });
    const c = data(await weakApp.with({ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'a-123' }).post<Container>('/v1/containers/create', { name: 'weak' }));
    expect(c.createBy).toBe(aliceId);
    const unknown = await weakApp.with({ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'nobody' }).post('/v1/containers/create', { name: 'w2' });
    expect(unknown.body.code).toBe(101011);
  });
});

describe('folio admin', () => {
  it('works while folio serve runs on the same data directory', async () => {
    const other = await createTenant(server.dataDir, 'second');
    const api = await appApi(server.url, other);
    expect(data(await api.post<Container>('/v1/containers/create', { name: 'live' })).name).toBe('live');
  });

  it('refuses a user for an unknown tenant with a clear message', async () => {
    await expect(folio(['admin', 'create-user', '--data', server.dataDir, '--tenant', 'tnt_nope', '--name', 'x', '--password', 'long enough'])).rejects.toThrow(/tenant not found/);
  });
});
