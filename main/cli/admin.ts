/** `folio admin …`: provisioning, straight on the store. Safe while `folio serve` runs on the same DIR (SQLite WAL). */
import { parseArgs } from 'node:util';
import { purgeExpired } from '../service/contentTypes/purge.ts';
import { createClient, createTenant, createUser } from '../service/tenancy.ts';
import { openStore, type Store } from '../store/index.ts';
import { requireOption, UsageError } from './options.ts';

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
      json: { type: 'boolean', default: false },
      now: { type: 'string' },
    },
    strict: true,
  });
  const dataDir = requireOption(values.data, '--data');
  const run = (fn: (store: Store) => Record<string, string>) => withStore(dataDir, fn);
  let result: Record<string, string | number>;
  switch (sub) {
    case 'create-tenant':
      result = await run((s) => ({ ...createTenant(s, requireOption(values.name, '--name')) }));
      break;
    case 'create-client':
      result = await run((s) => ({ ...createClient(s, requireOption(values.tenant, '--tenant'), values['act-as-user-allowed']) }));
      break;
    case 'create-user':
      result = await run((s) =>
        createUser(s, {
          tenantId: requireOption(values.tenant, '--tenant'),
          name: requireOption(values.name, '--name'),
          password: requireOption(values.password, '--password'),
          ...(values.source !== undefined ? { source: values.source } : {}),
          ...(values['source-id'] !== undefined ? { sourceId: values['source-id'] } : {}),
        }),
      );
      break;
    case 'purge':
      result = { ...(await withStore(dataDir, (s) => purgeExpired({ store: s }, purgeTime(values.now)))) };
      break;
    default:
      throw new UsageError(`unknown admin command: ${sub ?? '(none)'}`);
  }
  console.log(values.json ? JSON.stringify(result) : Object.entries(result).map(([k, v]) => `${k}: ${v}`).join('\n'));
  return 0;
}

async function withStore<T>(dataDir: string, fn: (store: Store) => T): Promise<T> {
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
