/**
 * Run by keychain.test.ts inside its own `dbus-run-session` with an unlocked gnome-keyring, once
 * per phase, each a process of its own on the same state, as the app is restarted: `sign-in`,
 * then `restart` (still signed in; signs out), then `after-sign-out`. Each prints one JSON line of
 * observations; the test asserts on them. Reads FOLIO_URL, FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET,
 * FOLIO_STATE and FOLIO_KEYCHAIN_SERVICE from the environment.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DesktopCore, secretAccount } from '../../../main/desktop/core.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { openKeychain } from '../../../main/desktop/keychain.ts';

const env = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const [url, clientId, clientSecret, stateDir, service] = ['FOLIO_URL', 'FOLIO_CLIENT_ID', 'FOLIO_CLIENT_SECRET', 'FOLIO_STATE', 'FOLIO_KEYCHAIN_SERVICE'].map(env) as [string, string, string, string, string];

/** What the Secret Service holds, seen from outside the app. */
function secretTool(account: string): string {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', service, 'username', account], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

const out: Record<string, unknown> = {};
const start = async () => {
  const keychain = await openKeychain(service);
  const core = await DesktopCore.open({ stateDir, keychain });
  return { core, api: new Dispatcher(core).api(), keychain };
};

const account = secretAccount({ serviceUrl: url, clientId, userName: '' });
const { core, api, keychain } = await start();
const phase = process.argv[2];
switch (phase) {
  case 'sign-in': {
    out.keychain = keychain.status();
    const signIn = await api.signIn({ serviceUrl: url, clientId, clientSecret });
    out.signedIn = signIn.ok && signIn.value.signedIn;
    out.secretToolAfterSignIn = secretTool(account);
    await core.close();
    out.stateFilesHoldSecret = readdirSync(stateDir).some((f) => readFileSync(join(stateDir, f)).includes(Buffer.from(clientSecret)));
    break;
  }
  case 'restart': {
    const restored = await api.getAccount({});
    out.signedInAfterRestart = restored.ok && restored.value.signedIn;
    const children = await api.listChildren({});
    out.callsWorkAfterRestart = children.ok;
    const signOut = await api.signOut({});
    out.signedOut = signOut.ok && !signOut.value.signedIn;
    out.secretToolAfterSignOut = secretTool(account);
    out.libraryAfterSignOut = await keychain.get(account);
    await core.close();
    break;
  }
  case 'after-sign-out': {
    const after = await api.getAccount({});
    out.signedInAfterSignOutRestart = after.ok && after.value.signedIn;
    await core.close();
    break;
  }
  default:
    throw new Error(`unknown phase ${String(phase)}`);
}

console.log(JSON.stringify(out));
