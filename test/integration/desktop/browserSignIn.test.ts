/**
 * The desktop's browser sign-in (RFC 8252) through its dispatcher, against a real `folio serve`:
 * the app listens on a loopback port, the service's page (walked over real HTTP, as a browser
 * would) redirects there, and the app trades the code for both token pairs, keeps them in the
 * keychain, refreshes them, signs back in after a restart, and revokes them on sign-out. A wrong
 * address and a server that is not Folio are told in words, with the detail apart.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopApi, Result } from '../../../shared/desktop/api.ts';
import { DesktopCore, secretAccount } from '../../../main/desktop/core.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { signInOnPage, visit } from '../../helpers/browserSignIn.ts';
import { Api, createTenant, createUser, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let server: ServerHandle;
let tenant: Tenant;
let notFolio: Server;
let notFolioUrl = '';
const state = tempDir('folio-desk-browser-');
const keychain = new MemoryKeychain('no keychain in this test');
let core: DesktopCore;
let api: DesktopApi;

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The person's part: the page in the browser, name and password, and the redirect back to the app. */
async function signInAs(userName: string, password = 'correct horse'): Promise<void> {
  const start = value(await api.beginBrowserSignIn({ serviceUrl: server.url }));
  expect(start.opened).toBe(false);
  const done = await signInOnPage(start.authorizationUrl, userName, password);
  expect(done.status).toBe(302);
  const back = await visit(done.location as string);
  expect(back.html).toContain('You are signed in');
}

/** A loopback port nobody listens on: taken from the OS, then let go. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await createUser(server.dataDir, tenant.tenantId, 'ada');
  notFolio = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>It works!</h1>'));
  await new Promise<void>((r) => notFolio.listen(0, '127.0.0.1', r));
  notFolioUrl = `http://127.0.0.1:${(notFolio.address() as AddressInfo).port}`;
  core = await DesktopCore.open({ stateDir: state, keychain, pollMs: 400 });
  api = new Dispatcher(core, () => {}).api();
});

afterAll(async () => {
  await core?.close();
  await server?.stop();
  notFolio?.close();
  removeDir(state);
});

describe('browser sign-in in the desktop core', { timeout: HEAVY_TEST_MS }, () => {
  it('signs in as the person who typed their password on the service page', async () => {
    const finishing = api.finishBrowserSignIn({});
    expect(await finishing).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    await signInAs('ada');
    const account = value(await api.finishBrowserSignIn({}));
    expect(account).toMatchObject({ signedIn: true, serviceUrl: server.url, userName: 'ada', tenantId: tenant.tenantId, clientId: 'folio-desktop' });
    const stored = await keychain.get(secretAccount(account));
    expect(stored).toContain('"session"');
    expect(stored).not.toContain('correct horse');
    // Calls act as ada through the strong channel.
    expect(value(await api.listChildren({})).containers.length).toBeGreaterThan(0);
  });

  it('a wrong password stays on the service page, in words; the app keeps waiting', async () => {
    const start = value(await api.beginBrowserSignIn({ serviceUrl: server.url }));
    const wrong = await signInOnPage(start.authorizationUrl, 'ada', 'not her password');
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('The user name or password is not right.');
    const finishing = api.finishBrowserSignIn({});
    value(await api.cancelBrowserSignIn({}));
    const cancelled = await finishing;
    expect(cancelled).toMatchObject({ ok: false, error: { code: 'SIGN_IN_FAILED', message: 'The sign-in was cancelled.' } });
  });

  it('signs back in after a restart from the keychain, with refreshed tokens', async () => {
    const before = await keychain.get(secretAccount(value(await api.getAccount({}))));
    await core.close();
    core = await DesktopCore.open({ stateDir: state, keychain, pollMs: 400 });
    api = new Dispatcher(core, () => {}).api();
    expect(value(await api.getAccount({}))).toMatchObject({ signedIn: true, userName: 'ada' });
    expect(value(await api.listChildren({})).containers.length).toBeGreaterThan(0);
    // Refresh without asking: make the stored tokens stale, and the next call renews both pairs.
    const session = JSON.parse(before as string) as { session: { app: { expiresAt: number }; user: { expiresAt: number } } };
    session.session.app.expiresAt = 0;
    session.session.user.expiresAt = 0;
    const account = value(await api.getAccount({}));
    await keychain.set(secretAccount(account), JSON.stringify(session));
    await core.close();
    core = await DesktopCore.open({ stateDir: state, keychain, pollMs: 400 });
    api = new Dispatcher(core, () => {}).api();
    expect(value(await api.listChildren({})).containers.length).toBeGreaterThan(0);
    const renewed = JSON.parse((await keychain.get(secretAccount(account))) as string) as { session: { app: { expiresAt: number; refreshToken: string }; user: { refreshToken: string } } };
    expect(renewed.session.app.expiresAt).toBeGreaterThan(Date.now());
    expect(renewed.session.user.refreshToken).not.toBe(JSON.parse(before as string).session.user.refreshToken);
  });

  it('signs out: the tokens are revoked on the service, the keychain forgets them, the URL stays', async () => {
    const account = value(await api.getAccount({}));
    const tokens = (JSON.parse((await keychain.get(secretAccount(account))) as string) as { session: { app: { accessToken: string }; user: { accessToken: string; refreshToken: string } } }).session;
    const after = value(await api.signOut({}));
    expect(after).toMatchObject({ signedIn: false, serviceUrl: server.url });
    expect(await keychain.get(secretAccount(account))).toBeNull();
    const reuse = await new Api(server.url, tokens.app.accessToken, { 'x-svc-user-token': tokens.user.accessToken }).post('/v1/containers/getPage', {});
    expect(reuse.body.code).toBe(100001);
    const refresh = await new Api(server.url).post('/v1/auth/oauthToken', { grant_type: 'refresh_token', client_id: 'folio-desktop', refresh_token: tokens.user.refreshToken });
    expect(refresh.body.code).toBe(100006);
  });

  it('says a wrong address and a server that is not Folio in words, the detail apart', async () => {
    const closed = await closedPort();
    const unreachable = await api.beginBrowserSignIn({ serviceUrl: `http://127.0.0.1:${closed}` });
    expect(unreachable.ok).toBe(false);
    if (unreachable.ok) return;
    expect(unreachable.error.message).toBe(`Folio could not reach 127.0.0.1:${closed}. Check the address, and that this computer is online.`);
    expect(unreachable.error.detail).toMatch(/ECONNREFUSED/);
    const other = await api.beginBrowserSignIn({ serviceUrl: notFolioUrl });
    expect(other.ok).toBe(false);
    if (other.ok) return;
    expect(other.error.message).toMatch(/answered, but it is not a Folio service/);
    expect(other.error.message).not.toMatch(/404|code/);
    expect(other.error.detail).toMatch(/HTTP 404/);
  });
});
