/**
 * The `folio` command. Subcommands:
 *   serve --data DIR [--host 127.0.0.1] [--port N] [outbound flags of main/cli/outbound.ts]
 *   admin create-tenant --data DIR --name NAME [--json]
 *   admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
 *   admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
 *   admin purge --data DIR [--now ISO] [--json]
 *   sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]
 *   daemon [--state STATE_DIR] [--port N] [--poll-ms N] [--probe-max-ms N]
 *   pair add --server URL --container ID --dir DIR [--state STATE_DIR] | pair list [--json] | pair remove (--dir DIR | --pair ID)
 */
import { ServiceError } from './service/errors.ts';
import { runAdmin } from './cli/admin.ts';
import { runDaemon } from './cli/daemon.ts';
import { runPair } from './cli/pair.ts';
import { UsageError } from './cli/options.ts';
import { runServe } from './cli/serve.ts';
import { runSync } from './cli/sync.ts';

const USAGE = `usage:
  folio serve --data DIR [--host 127.0.0.1] [--port N]
      [--allow-fetch-host HOST:PORT]... [--ingest-sync-max-bytes N] [--ingest-max-bytes N] [--ingest-timeout-ms N]
      [--fetch-idle-timeout-ms N] [--webhook-timeout-ms N] [--webhook-max-attempts N] [--webhook-retry-base-ms N]
  folio admin create-tenant --data DIR --name NAME [--json]
  folio admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
  folio admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
  folio admin purge --data DIR [--now ISO] [--json]
  folio sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]
             (credentials: FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET [, FOLIO_USER, FOLIO_PASSWORD])
  folio daemon [--state STATE_DIR] [--port N] [--poll-ms N] [--probe-max-ms N]
  folio pair add --server URL --container ID --dir DIR [--state STATE_DIR]
  folio pair list [--state STATE_DIR] [--json]
  folio pair remove (--dir DIR | --pair ID) [--state STATE_DIR]
             (daemon and pair add read the same credentials as sync)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return runServe(rest);
    case 'admin':
      return runAdmin(rest);
    case 'sync':
      return runSync(rest);
    case 'daemon':
      return runDaemon(rest);
    case 'pair':
      return runPair(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`folio: ${err.message}\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof ServiceError) {
      console.error(`folio: ${err.message} (code ${err.value.code})`);
      process.exitCode = 1;
    } else {
      console.error('folio:', err);
      process.exitCode = 1;
    }
  },
);

