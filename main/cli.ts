/**
 * The `folio` command: routes to one module of main/cli per command, after a layer common to all
 * of them: `--help`/`-h` anywhere before `--` prints the command's own usage (main/cli/help.ts,
 * which lists every command), `--version`/`-V` the version. Exit codes: 0 success, 1 the command
 * failed (one line, main/cli/failure.ts), 2 the command was called wrongly, 3 `folio start` found
 * the desktop running already (docs/cli.md).
 */
import { findCommand, GROUPS, helpOf, overview, usageOf } from './cli/help.ts';
import { UsageError } from './cli/options.ts';

interface Route {
  /** The words of a known command or group, e.g. ['pair', 'add'], or none. */
  words: string[];
  /** What follows them. */
  args: string[];
}

function route(argv: string[]): Route {
  const [first, second] = argv;
  if (first === undefined) return { words: [], args: [] };
  if (GROUPS.has(first) && second !== undefined && findCommand([first, second])) return { words: [first, second], args: argv.slice(2) };
  if (GROUPS.has(first) || findCommand([first])) return { words: [first], args: argv.slice(1) };
  return { words: [], args: argv };
}

function wantsHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

async function main({ words, args }: Route): Promise<number> {
  if (words.length === 0) return topLevel(args);
  if (wantsHelp(args)) {
    console.log(helpOf(words));
    return 0;
  }
  const [command] = words;
  // A group's subcommand goes to its module as the first argument: the module says when it is unknown.
  const rest = [...words.slice(1), ...args];
  // Before the command's modules load: a module's map is read when it loads, or never.
  if (printsStacks(command, rest)) process.setSourceMapsEnabled(true);
  switch (command) {
    // Each command loads its own modules: admin commands and usage errors need not pay for loading the HTTP stack.
    case 'start':
      return (await import('./cli/start.ts')).runStart(rest);
    case 'open':
      return (await import('./cli/open.ts')).runOpen(rest);
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
    default:
      throw new Error(`main/cli/help.ts lists a command that main/cli.ts does not run: ${command}`);
  }
}

/**
 * Whether stack traces are mapped back to the sources (when the bundle runs): for a developer's
 * FOLIO_DEBUG=1, and for the commands that keep running and log the stacks of internal errors. A
 * one-shot command prints none, and mapping costs every start reading the maps of the modules it
 * loads: a tenth of the CPU of a quiet `folio sync --once` (docs/performance.md, "Restart").
 */
function printsStacks(command: string | undefined, args: string[]): boolean {
  if (process.env.FOLIO_DEBUG === '1') return true;
  return command === 'serve' || command === 'daemon' || (command === 'sync' && !args.includes('--once'));
}

/** `folio`, `folio --help`, `folio help [COMMAND]`, `folio --version`, or an unknown command. */
async function topLevel(args: string[]): Promise<number> {
  const [first, ...rest] = args;
  switch (first) {
    case undefined:
      throw new UsageError('a command is required', true);
    case '--help':
    case '-h':
      console.log(overview());
      return 0;
    case 'help': {
      const topic = route(rest);
      if (topic.words.length === 0 && rest.length > 0) throw new UsageError(`unknown command: ${rest.join(' ')}`, true);
      console.log(topic.words.length === 0 ? overview() : helpOf(topic.words));
      return 0;
    }
    case '--version':
    case '-V':
    case 'version':
      console.log(`folio ${(await import('./cli/version.ts')).folioVersion()}`);
      return 0;
    default:
      throw new UsageError(first.startsWith('-') ? `unknown option: ${first}` : `unknown command: ${first}`, true);
  }
}

/** node:util parseArgs reports a wrong call as a TypeError with an ERR_PARSE_ARGS_* code. */
function parseArgsError(err: unknown): err is TypeError {
  return err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');
}

/** parseArgs' message, as one clause in the style of the others. */
function parseArgsReason(err: TypeError): string {
  const first = (err.message.split('\n')[0] ?? '').split('. ')[0] ?? '';
  return (first.charAt(0).toLowerCase() + first.slice(1)).replace(/\.$/, '');
}

async function report(err: unknown, words: string[]): Promise<number> {
  const help = `folio ${words.length > 0 ? `${words.join(' ')} ` : ''}--help`;
  if (err instanceof UsageError && !err.showUsage) {
    console.error(`folio: ${err.message} (see '${help}')`);
    return 2;
  }
  if (err instanceof UsageError || parseArgsError(err)) {
    console.error(`folio: ${err instanceof UsageError ? err.message : parseArgsReason(err)}\n${usageOf(words)}`);
    return 2;
  }
  const { failureLine } = await import('./cli/failure.ts');
  console.error(`folio: ${failureLine(err)}`);
  if (process.env.FOLIO_DEBUG === '1' && err instanceof Error) console.error(err.stack);
  return 1;
}

const request = route(process.argv.slice(2));
// Awaited rather than left as a chain: should telling a failure fail too, it still ends the run (code 1)
// instead of floating as an unhandled rejection.
const code = await main(request).catch((err: unknown) => report(err, request.words));
if (code !== 0) process.exitCode = code;
