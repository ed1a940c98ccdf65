/**
 * The keychain against a real Secret Service: gnome-keyring on a private session bus that the test
 * starts itself (dbus-run-session), so it never touches the machine's own keyring.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../../main/desktop/keychain.ts';
import { createTenant, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const run = promisify(execFile);
const SCENARIO = resolve(import.meta.dirname, 'keychainScenario.ts');
const ROOT = resolve(import.meta.dirname, '../../..');

let server: ServerHandle;
let tenant: Tenant;

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
});

afterAll(async () => {
  await server?.stop();
});

describe('keychain (gnome-keyring under dbus-run-session)', () => {
  // Three Node processes that load the desktop core through tsx, one after another: on a loaded CI
  // machine that takes minutes. The timeout is a guard; when it fires, `signal` stops the session.
  it('signs in, is still signed in when the app restarts as a new process, and signing out removes the secret', { timeout: HEAVY_TEST_MS }, async ({ signal }) => {
    const state = tempDir('folio-keychain-state-');
    // Three processes on one session bus and one state folder: the app started, restarted, and restarted again.
    const phase = (name: string) => `"${process.execPath}" --import tsx "${SCENARIO}" ${name}`;
    const script = `echo -n test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${phase('sign-in')} && ${phase('restart')} && ${phase('after-sign-out')}`;
    const { stdout } = await run('dbus-run-session', ['--', 'bash', '-c', script], {
      cwd: ROOT,
      encoding: 'utf8',
      signal,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: tempDir('folio-keychain-home-'),
        FOLIO_URL: server.url,
        FOLIO_CLIENT_ID: tenant.clientId,
        FOLIO_CLIENT_SECRET: tenant.clientSecret,
        FOLIO_STATE: state,
        FOLIO_KEYCHAIN_SERVICE: `Folio Desktop test ${process.pid}`,
      },
    });
    const phases = stdout.trim().split('\n').filter((line) => line.startsWith('{'));
    expect(phases).toHaveLength(3);
    const seen = Object.assign({}, ...phases.map((line) => JSON.parse(line) as Record<string, unknown>)) as Record<string, unknown>;
    expect(seen.keychain).toEqual({ available: true, backend: 'os-keychain', detail: '' });
    expect(seen.signedIn).toBe(true);
    expect(seen.secretToolAfterSignIn).toContain(tenant.clientSecret);
    expect(seen.stateFilesHoldSecret).toBe(false);
    expect(seen.signedInAfterRestart).toBe(true);
    expect(seen.callsWorkAfterRestart).toBe(true);
    expect(seen.signedOut).toBe(true);
    expect(seen.secretToolAfterSignOut).toBe('');
    expect(seen.libraryAfterSignOut).toBeNull();
    expect(seen.signedInAfterSignOutRestart).toBe(false);
    removeDir(state);
  });

  it('without a Secret Service it says so and keeps secrets in memory', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${tempDir('folio-nobus-')}/none`;
    try {
      const keychain = await openKeychain(`Folio Desktop test ${process.pid}`);
      expect(keychain.status()).toMatchObject({ available: false, backend: 'memory' });
      expect(keychain.status().detail).toMatch(/keychain did not answer/);
      await keychain.set('a', 's');
      expect(await keychain.get('a')).toBe('s');
      expect(await keychain.delete('a')).toBe(true);
      expect(await keychain.get('a')).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });
});
