/** `folio admin …`: provisioning, straight on the store. Safe while `folio serve` runs on the same DIR (SQLite WAL). */
import { parseArgs } from 'node:util';
import { purgeExpired } from '../service/contentTypes/purge.ts';
import { setTenantQuota } from '../service/limits/quota.ts';
import { createClient, createPublicClient, createTenant, createUser } from '../service/tenancy.ts';
import { openStore, type Store } from '../store/index.ts';
import { requireOption, UsageError } from './options.ts';

type Command = (store: Store) => Record<string, string | number> | Promise<Record<string, string | number>>;

export async function runAdmin(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
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
  });
  // Every flag is checked before the store is opened: a mistyped command creates no data directory.
  const dataDir = requireOption(values.data, '--data');
  let command: Command;
  switch (sub) {
    case 'create-tenant': {
      const name = requireOption(values.name, '--name');
      command = (s) => ({ ...createTenant(s, name) });
      break;
    }
    case 'create-client': {
      const tenantId = requireOption(values.tenant, '--tenant');
      if (values.public && values['act-as-user-allowed']) throw new UsageError('a --public client cannot be --act-as-user-allowed: it holds no secret');
      if (!values.public && values['redirect-uri']) throw new UsageError('--redirect-uri is for --public clients');
      const redirectUris = values['redirect-uri'] ?? [];
      command = values.public ? (s) => createPublicClient(s, tenantId, redirectUris) : (s) => ({ ...createClient(s, tenantId, values['act-as-user-allowed']) });
      break;
    }
    case 'create-user': {
      const user = {
        tenantId: requireOption(values.tenant, '--tenant'),
        name: requireOption(values.name, '--name'),
        password: requireOption(values.password, '--password'),
        ...(values.source !== undefined ? { source: values.source } : {}),
        ...(values['source-id'] !== undefined ? { sourceId: values['source-id'] } : {}),
      };
      command = (s) => createUser(s, user);
      break;
    }
    case 'purge': {
      const now = purgeTime(values.now);
      command = async (s) => ({ ...(await purgeExpired({ store: s }, now)) });
      break;
    }
    case 'set-quota': {
      const tenantId = requireOption(values.tenant, '--tenant');
      const bytes = quotaBytes(values.bytes);
      command = (s) => setTenantQuota(s, tenantId, bytes);
      break;
    }
    default:
      throw new UsageError(`unknown admin command: ${sub ?? '(none)'}`);
  }
  const result = await withStore(dataDir, command);
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
