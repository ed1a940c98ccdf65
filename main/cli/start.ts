/**
 * `folio start`, what `npm start` runs. The desktop app is not built yet, so this runs Folio
 * Service for the current user: a data directory in the user's app-data folder (its `service`
 * subdirectory, beside the sync client's state), a first tenant provisioned on first run, and the
 * service on 127.0.0.1.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appDataDir } from '../platform/paths.ts';
import { createTenant } from '../service/tenancy.ts';
import { openStore, type Store } from '../store/index.ts';
import { parsePort } from './options.ts';
import { serveUntil, untilSignal } from './serve.ts';

export const CREDENTIALS_FILE = 'credentials.json';
export const LOCAL_TENANT_NAME = 'local';

export interface LocalCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

export async function runStart(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, port: { type: 'string', default: '0' } },
    strict: true,
  });
  const port = parsePort(values.port);
  const dataDir = values.data || join(appDataDir(), 'service');
  console.log('The Electron runtime is not available on this machine: running Folio Service locally instead.');
  const stop = untilSignal();
  // The directory holds the client secret: only its owner may look inside.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const store = await openStore(dataDir);
  let credentials: { value: LocalCredentials; created: boolean };
  try {
    credentials = localCredentials(store, dataDir);
  } catch (err) {
    store.close();
    throw err;
  }
  const file = join(dataDir, CREDENTIALS_FILE);
  console.log(`data: ${dataDir}`);
  if (credentials.created) console.log(`first run: created tenant ${credentials.value.tenantId}`);
  console.log(`client id: ${credentials.value.clientId}`);
  console.log(`client secret: in ${file} (readable by you only)`);
  await serveUntil(store, { host: '127.0.0.1', port }, stop);
  return 0;
}

/**
 * The local tenant's credentials. The credentials file is the mark of a provisioned directory: on
 * first run the tenant is created and its credentials are written, owner-only, through a temp
 * file and a rename, so the file is never seen half-written.
 */
function localCredentials(store: Store, dataDir: string): { value: LocalCredentials; created: boolean } {
  const file = join(dataDir, CREDENTIALS_FILE);
  if (existsSync(file)) return { value: readCredentials(file), created: false };
  const value = createTenant(store, LOCAL_TENANT_NAME);
  const temp = `${file}.tmp`;
  // A leftover temp file would keep its old mode; writeFileSync applies `mode` only when it creates.
  rmSync(temp, { force: true });
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return { value, created: true };
}

function readCredentials(file: string): LocalCredentials {
  let c: Partial<LocalCredentials> | null;
  try {
    c = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalCredentials> | null;
  } catch {
    c = null;
  }
  if (typeof c?.tenantId !== 'string' || typeof c.clientId !== 'string' || typeof c.clientSecret !== 'string') {
    throw new Error(`${file} is not a Folio credentials file; move it away to provision a new tenant`);
  }
  return { tenantId: c.tenantId, clientId: c.clientId, clientSecret: c.clientSecret };
}
