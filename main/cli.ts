/**
 * The `folio` command. Subcommands:
 *   serve --data DIR [--host 127.0.0.1] [--port N]
 *   admin create-tenant --data DIR --name NAME [--json]
 *   admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
 *   admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
 *   admin purge --data DIR [--now ISO] [--json]
 *   sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]
 *   start [--state DIR] [--port N] [--headless]
 */
import { ServiceError } from './service/errors.ts';
import { runAdmin } from './cli/admin.ts';
import { UsageError } from './cli/options.ts';
import { runServe } from './cli/serve.ts';
import { runStart } from './cli/start.ts';
import { runSync } from './cli/sync.ts';

const USAGE = `usage:
  folio serve --data DIR [--host 127.0.0.1] [--port N]
  folio admin create-tenant --data DIR --name NAME [--json]
  folio admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
  folio admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
  folio admin purge --data DIR [--now ISO] [--json]
  folio sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]
             (credentials: FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET [, FOLIO_USER, FOLIO_PASSWORD])
  folio start [--state DIR] [--port N] [--headless]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return runServe(rest);
    case 'admin':
      return runAdmin(rest);
    case 'sync':
      return runSync(rest);
    case 'start':
      return runStart(rest);
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

