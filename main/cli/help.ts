/**
 * The `folio` command's usage texts: one entry per command, which `folio COMMAND --help` prints
 * whole, and whose synopsis `folio --help` lists and a usage error repeats.
 */

export interface CommandHelp {
  /** The command's words after `folio`, e.g. `pair add`. */
  readonly name: string;
  /** The usage line(s), without the leading `folio `. */
  readonly synopsis: string;
  /** What the command does and what each flag means. */
  readonly details: string;
}

const CREDENTIALS = `credentials come from the environment only, never from the command line:
  FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET   the API client (folio admin create-tenant prints them)
  FOLIO_USER, FOLIO_PASSWORD             optional, together: act as this user`;

export const COMMANDS: readonly CommandHelp[] = [
  {
    name: 'start',
    synopsis: 'start [--state DIR] [--port N] [--headless]',
    details: `Starts Folio Desktop: the Electron app when its runtime is installed, else the same desktop
core headless with its web UI on a loopback URL (printed as 'ui on URL').

One headless desktop runs per state folder: when one runs already, this prints its URL ('ui on
URL') and exits with code 3. Without --port, the web UI takes the port it had last time, or a free
one when that is taken (and says so).

  --state DIR    the desktop's state (account, pairs); default: the app-data folder
  --port N       the port of the web UI; default: the last run's, else a free one
  --headless     never start Electron; serve the web UI instead`,
  },
  {
    name: 'open',
    synopsis: 'open [--state DIR]',
    details: `Prints the login URL ('ui on URL') of the headless desktop running on a state folder, once its
web UI answered. Exit code 1 when none runs there.

  --state DIR    the desktop's state; default: the app-data folder`,
  },
  {
    name: 'serve',
    synopsis: `serve --data DIR [--blobs s3://BUCKET?endpoint=URL&region=R] [--host 127.0.0.1] [--port N]
      [--allow-fetch-host HOST:PORT]... [--ingest-sync-max-bytes N] [--ingest-max-bytes N] [--ingest-timeout-ms N]
      [--fetch-idle-timeout-ms N] [--webhook-timeout-ms N] [--webhook-max-attempts N] [--webhook-retry-base-ms N]
      [--rate-limit N] [--rate-window-ms MS] [--log-level LEVEL] [--log-file FILE]`,
    details: `Serves the /v1 API on one data directory until SIGTERM or SIGINT, then lets the requests in
flight finish and closes the database. Prints 'listening on URL' once ready.

  --data DIR                  the data directory; an empty one gets a new store
  --blobs s3://BUCKET?endpoint=URL&region=R
                              keep blobs and renditions in an S3-compatible bucket instead of under DIR;
                              keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never in the URL
  --host HOST                 the address to listen on; default 127.0.0.1
  --port N                    default 0 (a free port)
  --allow-fetch-host H:P      an exact host:port exempt from the address rules of ingest and webhooks (repeatable)
  --ingest-sync-max-bytes N   largest known size ingested within the request; default 8388608
  --ingest-max-bytes N        ingest size ceiling; default 1073741824
  --ingest-timeout-ms N       deadline of one ingest fetch, body included; default 600000
  --fetch-idle-timeout-ms N   longest silence on an outbound socket; default 30000
  --webhook-timeout-ms N      deadline of one delivery attempt; default 10000
  --webhook-max-attempts N    attempts before a delivery is FAILED; default 8
  --webhook-retry-base-ms N   first retry delay, each next one 3x longer; default 10000
  --rate-limit N              requests per client and window; 0 = off; default 6000
  --rate-window-ms MS         the rate-limit window; default 60000
  --log-level LEVEL           fatal, error, warn, info, debug, trace or silent; default info
  --log-file FILE             append the JSON log lines to FILE; default: stdout`,
  },
  {
    name: 'admin create-tenant',
    synopsis: 'admin create-tenant --data DIR --name NAME [--json]',
    details: `Creates a tenant with its system containers and content types and an API client, and prints
its tenantId, clientId and clientSecret. Safe while 'folio serve' runs on DIR.

  --json    print one JSON object instead of 'key: value' lines`,
  },
  {
    name: 'admin create-client',
    synopsis: 'admin create-client --data DIR --tenant ID [--act-as-user-allowed | --public [--redirect-uri URI]...] [--json]',
    details: `Creates another API client of the tenant and prints its clientId and clientSecret (a public
client, for the browser sign-in of desktop apps, has no secret).

  --act-as-user-allowed   the client may use the weak user channel (X-Svc-Act-As-Source)
  --public                a public client (RFC 8252): browser sign-in with PKCE, no secret
  --redirect-uri URI      a loopback redirect URI the public client may use (repeatable)
  --json                  print one JSON object`,
  },
  {
    name: 'admin create-user',
    synopsis: 'admin create-user --data DIR --tenant ID --name NAME --password PW [--source SRC --source-id SID] [--json]',
    details: `Creates a user of the tenant and prints its userId. The password needs at least 8 characters.

  --source SRC --source-id SID   an external identity for the weak channel (always together)
  --json                         print one JSON object`,
  },
  {
    name: 'admin purge',
    synopsis: 'admin purge --data DIR [--now ISO] [--json]',
    details: `Removes for good what has passed its purgeAt in the recycle bin ('folio serve' also does this
every minute) and prints how many containers and documents went.

  --now ISO   purge as of this ISO 8601 instant; default: now
  --json      print one JSON object`,
  },
  {
    name: 'admin set-quota',
    synopsis: 'admin set-quota --data DIR --tenant ID [--bytes N] [--json]',
    details: `Sets the tenant's storage quota and prints it with the bytes in use.

  --bytes N   the quota in bytes; 0 or no --bytes removes it
  --json      print one JSON object`,
  },
  {
    name: 'sync',
    synopsis: 'sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]',
    details: `Syncs a local folder with a container of the service, both ways. The first run pairs the folder
with the container, once the service has answered; a new folder is created.

  --server URL        the service, http:// or https://
  --container ID      the container to sync with
  --dir DIR           the local folder
  --state STATE_DIR   where the sync state is kept; default: the app-data folder
  --once              sync until in sync, print one summary line, and exit (1 if not in sync)
  --confirm-deletes   let a paused mass delete go ahead
Without --once it watches the folder and polls the service until SIGTERM or SIGINT.

${CREDENTIALS}`,
  },
  {
    name: 'daemon',
    synopsis: 'daemon [--state STATE_DIR] [--port N] [--poll-ms N] [--probe-max-ms N]',
    details: `Runs every sync pair of the state directory ('folio pair add') and the embedded local /v1 server
on 127.0.0.1 (printed as 'local api on URL'), for offline work, until SIGTERM or SIGINT.

  --state STATE_DIR   default: the app-data folder
  --port N            the local server's port; default 0 (a free port)
  --poll-ms N         how often the service is asked for changes; default 30000
  --probe-max-ms N    longest wait between probes of an unreachable service; default 30000

${CREDENTIALS}`,
  },
  {
    name: 'pair add',
    synopsis: 'pair add --server URL --container ID --dir DIR [--state STATE_DIR]',
    details: `Adds a sync pair for 'folio daemon' and prints its id. The container is checked with the
environment's credentials; when the service is unreachable, the pair is added and checked at its
first sync. One state directory syncs with one service.

  --server URL        the service, http:// or https://
  --container ID      the container to sync with
  --dir DIR           the local folder (created if missing)
  --state STATE_DIR   default: the app-data folder

${CREDENTIALS}`,
  },
  {
    name: 'pair list',
    synopsis: 'pair list [--state STATE_DIR] [--json]',
    details: `Lists the sync pairs: id, state, folder, container and service.

  --json   print them as a JSON array`,
  },
  {
    name: 'pair remove',
    synopsis: 'pair remove (--dir DIR | --pair ID) [--state STATE_DIR]',
    details: `Removes a sync pair. The files in its folder and on the service stay.

  --dir DIR   the pair of this folder
  --pair ID   the pair with this id`,
  },
];

/** Commands that only group others: `folio admin …`, `folio pair …`. */
export const GROUPS: ReadonlySet<string> = new Set(COMMANDS.map((c) => c.name.split(' ')).filter((words) => words.length > 1).map(([group]) => group as string));

const NOTES = `
'folio COMMAND --help' describes a command; 'folio --version' prints the version.
Exit codes: 0 done, 1 the command failed (one line: the reason and its error code),
2 the command was called wrongly. FOLIO_DEBUG=1 adds the stack of a failure.`;

/** The synopses of `words` and of every command under it (all of them for no words). */
export function usageOf(words: readonly string[]): string {
  const prefix = words.join(' ');
  const lines = COMMANDS.filter((c) => prefix === '' || c.name === prefix || c.name.startsWith(`${prefix} `)).map((c) => `  folio ${c.synopsis}`);
  return `usage:\n${lines.join('\n')}`;
}

/** What `folio --help` prints: every command, then how to learn more. */
export function overview(): string {
  return `${usageOf([])}\n${NOTES}`;
}

/** What `folio WORDS --help` prints: a command's usage and details, or a group's commands. */
export function helpOf(words: readonly string[]): string {
  const command = COMMANDS.find((c) => c.name === words.join(' '));
  if (!command) return `${usageOf(words)}\n\n'folio ${words.join(' ')} COMMAND --help' describes one of them.`;
  return `${usageOf(words)}\n\n${command.details}`;
}

export function findCommand(words: readonly string[]): CommandHelp | undefined {
  return COMMANDS.find((c) => c.name === words.join(' '));
}
