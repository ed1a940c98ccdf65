/** `folio admin …`: provisioning, straight on the store. Safe while `folio serve` runs on the same DIR (SQLite WAL). */
import { parseArgs } from 'node:util';
import { purgeExpired } from '../service/contentTypes/purge.ts';
import { setTenantQuota } from '../service/limits/quota.ts';
import { createClient, createPublicClient, createTenant, createUser } from '../service/tenancy.ts';
import { openStore, type Store } from '../store/index.ts';
import { requireOption, UsageError } from './options.ts';

type Command = (store: Store) => Record<string, string | number> | Promise<Record<string, string | number>>;

type Flags = ReturnType<typeof parseFlags>;

/** Each admin command: its flags checked (before the store is opened, so a mistyped command creates no data directory), then its work. */
const COMMANDS = new Map<string, (values: Flags) => Command>(Object.entries({
  'create-tenant': (values) => {
    const name = requireOption(values.name, '--name');
    return async (s) => ({ ...(await createTenant(s, name)) });
  },
  'create-client': (values) => {
    const tenantId = requireOption(values.tenant, '--tenant');
    if (values.public && values['act-as-user-allowed']) throw new UsageError('a --public client cannot be --act-as-user-allowed: it holds no secret');
    if (!values.public && values['redirect-uri']) throw new UsageError('--redirect-uri is for --public clients');
    const redirectUris = values['redirect-uri'] ?? [];
    return values.public ? (s) => createPublicClient(s, tenantId, redirectUris) : async (s) => ({ ...(await createClient(s, tenantId, values['act-as-user-allowed'])) });
  },
  'create-user': (values) => {
    const user = {
      tenantId: requireOption(values.tenant, '--tenant'),
      name: requireOption(values.name, '--name'),
      password: requireOption(values.password, '--password'),
      ...(values.source !== undefined ? { source: values.source } : {}),
      ...(values['source-id'] !== undefined ? { sourceId: values['source-id'] } : {}),
    };
    return (s) => createUser(s, user);
  },
  purge: (values) => {
    const now = purgeTime(values.now);
    return async (s) => ({ ...(await purgeExpired({ repos: s }, now)) });
  },
  'set-quota': (values) => {
    const tenantId = requireOption(values.tenant, '--tenant');
    const bytes = quotaBytes(values.bytes);
    return (s) => setTenantQuota(s, tenantId, bytes);
  },
} satisfies Record<string, (values: Flags) => Command>));

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    options: {
      data: { type: 'string' },
      name: { type: 'string' },
      tenant: { type: 'string' },
      password: { type: 'string' },
      source: { type: 'string' },
      'source-id': { type: 'string' },
      'act-as-user-allowed': { type: 'boolean', default: false },
      public: { type: 'boolean', default: false },
      'redirect-uri': { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      now: { type: 'string' },
      bytes: { type: 'string' },
    },
    strict: true,
  }).values;
}

export async function runAdmin(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const build = sub === undefined ? undefined : COMMANDS.get(sub);
  if (!build) throw new UsageError(sub === undefined ? 'an admin command is required' : `unknown admin command: ${sub}`, true);
  const values = parseFlags(rest);
  const dataDir = requireOption(values.data, '--data');
  const result = await withStore(dataDir, build(values));
  console.log(values.json ? JSON.stringify(result) : Object.entries(result).map(([k, v]) => `${k}: ${v}`).join('\n'));
  return 0;
}

async function withStore<T>(dataDir: string, fn: (store: Store) => T | Promise<T>): Promise<T> {
  const store = await openStore(dataDir);
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}

/** `--now` lets an operator (or a test) purge as of another instant; by default, now. */
function purgeTime(raw: string | undefined): Date {
  const now = raw === undefined ? new Date() : new Date(raw);
  if (Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO 8601 date-time, not ${raw}`);
  return now;
}

/** `--bytes`: a whole number of bytes; 0 or no flag means no quota. */
function quotaBytes(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value)) throw new UsageError(`--bytes must be a whole number of bytes (0 = no quota), not ${raw}`);
  return value;
}
