/**
 * Run by keychain.test.ts inside its own `dbus-run-session` with an unlocked gnome-keyring: signs in,
 * "restarts" (a new core on the same state), checks it is still signed in, signs out. Prints one
 * JSON line of observations; the test asserts on them. Reads FOLIO_URL, FOLIO_CLIENT_ID,
 * FOLIO_CLIENT_SECRET, FOLIO_STATE and FOLIO_KEYCHAIN_SERVICE from the environment.
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

const first = await start();
out.keychain = first.keychain.status();
const signIn = await first.api.signIn({ serviceUrl: url, clientId, clientSecret });
out.signedIn = signIn.ok && signIn.value.signedIn;
const account = secretAccount({ serviceUrl: url, clientId, userName: '' });
out.secretToolAfterSignIn = secretTool(account);
await first.core.close();
out.stateFilesHoldSecret = readdirSync(stateDir).some((f) => readFileSync(join(stateDir, f)).includes(Buffer.from(clientSecret)));

const second = await start();
const restored = await second.api.getAccount({});
out.signedInAfterRestart = restored.ok && restored.value.signedIn;
const children = await second.api.listChildren({});
out.callsWorkAfterRestart = children.ok;
const signOut = await second.api.signOut({});
out.signedOut = signOut.ok && !signOut.value.signedIn;
out.secretToolAfterSignOut = secretTool(account);
out.libraryAfterSignOut = await second.keychain.get(account);
await second.core.close();

const third = await start();
const after = await third.api.getAccount({});
out.signedInAfterSignOutRestart = after.ok && after.value.signedIn;
await third.core.close();

console.log(JSON.stringify(out));
