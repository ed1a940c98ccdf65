/**
 * The `folio` command. Subcommands:
 *   start [--state DIR] [--port N] [--headless]
 *   serve --data DIR [--host 127.0.0.1] [--port N] [outbound flags of main/cli/outbound.ts] [--rate-limit N] [--rate-window-ms MS] [--log-level L] [--log-file F]
 *   admin create-tenant --data DIR --name NAME [--json]
 *   admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
 *   admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
 *   admin purge --data DIR [--now ISO] [--json]
 *   admin set-quota --data DIR --tenant ID [--bytes N] [--json]
 *   sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]
 *   daemon [--state STATE_DIR] [--port N] [--poll-ms N] [--probe-max-ms N]
 *   pair add --server URL --container ID --dir DIR [--state STATE_DIR] | pair list [--json] | pair remove (--dir DIR | --pair ID)
 * Exit codes: 0 success, 1 the command failed, 2 the command was called wrongly.
 */
import { ServiceError } from './service/errors.ts';
import { UsageError } from './cli/options.ts';

const USAGE = `usage:
  folio start [--state DIR] [--port N] [--headless]   (the desktop app; the web UI when Electron is missing)
  folio serve --data DIR [--host 127.0.0.1] [--port N]
      [--allow-fetch-host HOST:PORT]... [--ingest-sync-max-bytes N] [--ingest-max-bytes N] [--ingest-timeout-ms N]
      [--fetch-idle-timeout-ms N] [--webhook-timeout-ms N] [--webhook-max-attempts N] [--webhook-retry-base-ms N]
      [--rate-limit N (per client and window; 0 = off)] [--rate-window-ms MS]
      [--log-level fatal|error|warn|info|debug|trace|silent] [--log-file FILE (default: stdout)]
  folio admin create-tenant --data DIR --name NAME [--json]
  folio admin create-client --data DIR --tenant ID [--act-as-user-allowed] [--json]
  folio admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]
  folio admin purge --data DIR [--now ISO] [--json]
  folio admin set-quota --data DIR --tenant ID [--bytes N] [--json]   (storage quota; 0 or none = no quota)
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
    // Each command loads its own modules: admin commands and usage errors need not pay for loading the HTTP stack.
    case 'start':
      return (await import('./cli/start.ts')).runStart(rest);
    case 'serve':
      return (await import('./cli/serve.ts')).runServe(rest);
    case 'admin':
      return (await import('./cli/admin.ts')).runAdmin(rest);
    case 'sync':
      return (await import('./cli/sync.ts')).runSync(rest);
    case 'daemon':
      return (await import('./cli/daemon.ts')).runDaemon(rest);
    case 'pair':
      return (await import('./cli/pair.ts')).runPair(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    case undefined:
      throw new UsageError('a command is required');
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

function isUsageError(err: unknown): err is Error {
  return err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'));
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err: unknown) => {
    if (isUsageError(err)) {
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
