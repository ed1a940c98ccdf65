/**
 * The Node side's bundle (scripts/build-main.mjs, dist/node) and the choice bin/folio.mjs makes
 * between it and the TypeScript sources (bin/bundleOrSource.mjs). Everything runs in a copy of the
 * project in a temp folder, so these tests can edit and touch its sources and rebuild its bundle
 * while other tests run the real one; its node_modules is a link to the real one.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { appApi, removeDir, tempDir, type Tenant } from '../helpers/server.ts';
import { settledText, upload } from '../helpers/text.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';

const REPO = resolve(import.meta.dirname, '../..');
const COPIED = ['bin', 'main', 'shared', 'scripts/build-main.mjs', 'package.json', 'tsconfig.json'];

let project: string;
let scratch: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function node(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, args, { encoding: 'utf8', env: { ...process.env, FOLIO_FROM_SOURCE: '', FOLIO_DEBUG_ENTRY: '', ...env } }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** `folio` of the copy, saying on stderr which code it runs. */
const folio = (args: string[], env: Record<string, string> = {}) => node([join(project, 'bin', 'folio.mjs'), ...args], { FOLIO_DEBUG_ENTRY: '1', ...env });

async function build(): Promise<void> {
  const r = await node([join(project, 'scripts', 'build-main.mjs')]);
  expect(r.code, r.stderr).toBe(0);
}

/**
 * A module for `node --import` that appends to `log` the path of each file the process loads, one
 * a line: what it imports (module resolution hooks see every import, static or lazy), and at exit
 * what it required (CommonJS's cache).
 */
function moduleRecorder(log: string): string {
  const hooks = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, new URL(resolved.url).pathname + '\\n');
  return resolved;
}`;
  const main = `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});
process.on('exit', () => {
  for (const path of Object.keys(createRequire(process.execPath).cache)) appendFileSync(${JSON.stringify(log)}, path + '\\n');
});`;
  return `data:text/javascript,${encodeURIComponent(main)}`;
}

/** The packages of node_modules among the files `moduleRecorder` logged. */
function packagesIn(loaded: string[]): Set<string> {
  return new Set(loaded.flatMap((path) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? []));
}

/**
 * The modules of node_modules inlined into the bundle's files among those `moduleRecorder` logged,
 * as paths within node_modules: esbuild heads each inlined module with its path (through the
 * link, in this copy: `// ../<repo>/node_modules/…`).
 */
function inlinedIn(loaded: string[]): string[] {
  const out = join(project, 'dist', 'node');
  const chunks = new Set(loaded.filter((path) => dirname(path) === out));
  return [...chunks].flatMap((chunk) => [...readFileSync(chunk, 'utf8').matchAll(/^\/\/ \S*?node_modules\/(\S+)/gm)].map((m) => m[1]!));
}

/** A module for `node --import` that says on stderr, as the process exits, whether it maps stack traces. */
const MAPS_AT_EXIT = `data:text/javascript,${encodeURIComponent("process.on('exit', () => console.error(`source maps: ${process.sourceMapsEnabled}`));")}`;

const RUNS_BUNDLE = 'folio: running dist/node/cli.js\n';
const runsSources = (why: string) => `folio: running main/cli.ts through tsx: ${why}\n`;

beforeAll(async () => {
  project = tempDir('folio-bundle-');
  scratch = tempDir('folio-bundle-scratch-');
  for (const path of COPIED) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    cpSync(join(REPO, path), join(project, path), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'), 'dir');
  await build();
}, HEAVY_TEST_MS);

afterAll(() => {
  removeDir(project);
  removeDir(scratch);
});

// One after another: each step leaves the copy in the state the next one starts from.
describe('bin/folio.mjs chooses the bundle only while it is current', () => {
  it('runs the bundle right after a build, and says so only when asked', async () => {
    const r = await folio(['help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(RUNS_BUNDLE);
    expect(r.stdout).toMatch(/^usage:\n {2}folio start/);
    const quiet = await node([join(project, 'bin', 'folio.mjs'), 'help']);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(r.stdout);
  });

  it('reads the version from package.json in the bundle too', async () => {
    const r = await folio(['--version']);
    expect(r).toMatchObject({ code: 0, stderr: RUNS_BUNDLE });
    expect(r.stdout).toBe(`folio ${(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  });

  it('runs the sources when FOLIO_FROM_SOURCE=1', async () => {
    const r = await folio(['help'], { FOLIO_FROM_SOURCE: '1' });
    expect(r.stderr).toBe(runsSources('FOLIO_FROM_SOURCE=1'));
    expect(r.stdout).toMatch(/^usage:\n/);
  });

  it('runs an edited source at once, and the bundle again once it is rebuilt with the edit', async () => {
    const help = join(project, 'main', 'cli', 'help.ts');
    writeFileSync(help, readFileSync(help, 'utf8').replace('return `usage:', 'return `usage (edited):'));
    const edited = await folio(['help']);
    expect(edited.stderr).toBe(runsSources('main/cli/help.ts changed after the bundle was built'));
    expect(edited.stdout).toMatch(/^usage \(edited\):\n/);
    await build();
    const rebuilt = await folio(['help']);
    expect(rebuilt.stderr).toBe(RUNS_BUNDLE);
    expect(rebuilt.stdout).toBe(edited.stdout);
  }, HEAVY_TEST_MS);

  it('runs the sources when a module that only a lazily loaded command imports is newer than the bundle', async () => {
    const now = new Date();
    utimesSync(join(project, 'main', 'cli', 'sync.ts'), now, now);
    expect((await folio(['help'])).stderr).toBe(runsSources('main/cli/sync.ts changed after the bundle was built'));
    await build();
    expect((await folio(['help'])).stderr).toBe(RUNS_BUNDLE);
  }, HEAVY_TEST_MS);

  it('runs the sources when a file the bundle was built from is gone, or the bundle is not built', async () => {
    const tsconfig = join(project, 'tsconfig.json');
    renameSync(tsconfig, `${tsconfig}.away`);
    expect((await folio(['help'])).stderr).toBe(runsSources('tsconfig.json, which the bundle was built from, is gone'));
    renameSync(`${tsconfig}.away`, tsconfig);
    expect((await folio(['help'])).stderr).toBe(RUNS_BUNDLE);
    rmSync(join(project, 'dist', 'node', 'inputs.json'));
    const unbuilt = await folio(['help']);
    expect(unbuilt.stderr).toBe(runsSources('dist/node is not built (npm run build:main)'));
    expect(unbuilt.code).toBe(0);
    await build();
  }, HEAVY_TEST_MS);
});

describe('the bundle', () => {
  it('maps stack traces for FOLIO_DEBUG=1 and for commands that keep running, not for a one-shot command', async () => {
    const aFile = join(scratch, 'not-a-folder.txt');
    writeFileSync(aFile, 'a file');
    // Each run fails at once, before any request: --dir names a file.
    const sync = (extra: string[], env: Record<string, string> = {}) =>
      node(['--import', MAPS_AT_EXIT, join(project, 'bin', 'folio.mjs'), 'sync', '--server', 'http://127.0.0.1:9', '--container', 'ctr', '--dir', aFile, '--state', join(scratch, 'maps-state'), ...extra], {
        FOLIO_CLIENT_ID: 'id',
        FOLIO_CLIENT_SECRET: 'secret',
        ...env,
      });
    const once = await sync(['--once']);
    expect(once.code).toBe(1);
    expect(once.stderr).toContain('source maps: false');
    const continuous = await sync([]);
    expect(continuous.code).toBe(1);
    expect(continuous.stderr).toContain('source maps: true');
    const debug = await sync(['--once'], { FOLIO_DEBUG: '1' });
    expect(debug.stderr).toContain('source maps: true');
    expect(debug.stderr).toMatch(/at refuseFile \(.*main\/cli\/pairing\.ts:\d+:\d+\)/);
  });

  it('resolves every path it names relative to its own URL where its source module does', () => {
    // Named by main/platform/workerThread.ts and its callers; used only when they run from the sources.
    const sourceOnly = new Set(['./threadBoot.mjs', './extractorWorker.ts', './checkpointWorker.ts', './hashWorker.ts', './blobWorker.ts']);
    const fromSources = new Map<string, Set<string>>();
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    for (const file of walk(join(project, 'main')).filter((f) => f.endsWith('.ts'))) {
      for (const [, literal] of readFileSync(file, 'utf8').matchAll(/new URL\('([^']+)', import\.meta\.url\)/g)) {
        const targets = fromSources.get(literal!) ?? new Set<string>();
        fromSources.set(literal!, targets.add(resolve(dirname(file), literal!)));
      }
    }
    const out = join(project, 'dist', 'node');
    const named: string[] = [];
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
      for (const [, literal] of readFileSync(join(out, file), 'utf8').matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)) {
        if (sourceOnly.has(literal!)) continue;
        named.push(literal!);
        const target = resolve(out, literal!);
        const bundleOwn = dirname(target) === out && readdirSync(out).includes(literal!.slice(2));
        expect(bundleOwn || fromSources.get(literal!)?.has(target), `${file} names ${literal}`).toBe(true);
      }
    }
    expect(named).toEqual(expect.arrayContaining(['../../renderer/dist/', '../../dist/electron/preload.cjs', '../../assets/icon.png', './extractorWorker.js', './checkpointWorker.js', './hashWorker.js', './blobWorker.js']));
  });

  it('serves, provisions and syncs: folio serve, folio admin create-tenant and folio sync --once, with text extracted in its worker', async () => {
    const dataDir = join(scratch, 'data');
    const server = spawn(process.execPath, [join(project, 'bin', 'folio.mjs'), 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FOLIO_FROM_SOURCE: '', FOLIO_DEBUG_ENTRY: '1' },
    });
    try {
      let stderr = '';
      server.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const url = await new Promise<string>((res, rej) => {
        let out = '';
        server.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m?.[1]) res(m[1]);
        });
        server.once('exit', (code) => rej(new Error(`folio serve exited with ${code}: ${stderr}`)));
      });
      expect(stderr).toBe(RUNS_BUNDLE);

      const created = await folio(['admin', 'create-tenant', '--data', dataDir, '--name', 'bundled', '--json']);
      expect(created.stderr).toBe(RUNS_BUNDLE);
      const tenant = JSON.parse(created.stdout) as Tenant;

      const client = new FolioClient({ baseUrl: url, credentials: tenant });
      const root = await client.createContainer({ name: 'bundle smoke' });
      const dir = join(scratch, 'folder');
      mkdirSync(join(dir, 'sub'), { recursive: true });
      writeFileSync(join(dir, 'a.txt'), 'alpha');
      writeFileSync(join(dir, 'sub', 'b.txt'), 'beta');
      const syncArgs = ['sync', '--server', url, '--container', root.containerId, '--dir', dir, '--state', join(scratch, 'state'), '--once'];
      const credentials = { FOLIO_CLIENT_ID: tenant.clientId, FOLIO_CLIENT_SECRET: tenant.clientSecret };
      const synced = await folio(syncArgs, credentials);
      expect(synced.stderr.startsWith(RUNS_BUNDLE)).toBe(true);
      expect(synced.code).toBe(0);
      expect(synced.stdout).toBe('uploaded 3, downloaded 0, moved 0, deleted 0, conflicts 0\n');
      const { documents, containers } = await client.children(root.containerId);
      expect(documents.map((d) => d.title)).toEqual(['a.txt']);
      expect(containers.map((c) => c.name)).toEqual(['sub']);

      // A quiet restart loads none of the heavy packages from node_modules: TypeBox comes inlined in
      // the bundle (one file to compile, not hundreds to resolve), undici only with a byte transfer,
      // re2js only with a .folioignore (this pair has none). Nor does it load got, even inlined: its
      // JSON calls go through node:http, and got's chunk loads only for a stream.
      const loadedLog = join(scratch, 'loaded.txt');
      const restart = await node(['--import', moduleRecorder(loadedLog), join(project, 'bin', 'folio.mjs'), ...syncArgs], credentials);
      expect(restart).toMatchObject({ code: 0, stdout: 'uploaded 0, downloaded 0, moved 0, deleted 0, conflicts 0\n' });
      const loadedFiles = readFileSync(loadedLog, 'utf8').split('\n').filter(Boolean);
      const loaded = packagesIn(loadedFiles);
      expect(loaded).toContain('better-sqlite3');
      expect(loaded).toContain('bindings');
      expect(['got', 'http2-wrapper', 'cacheable-request', 'typebox', 'undici', 're2js'].filter((p) => loaded.has(p))).toEqual([]);
      // Of TypeBox, only the types and the schema compiler: not its value operations, which only
      // the report of a reply outside the contract loads.
      const inlined = inlinedIn(loadedFiles);
      expect(packagesIn(inlined.map((path) => `/node_modules/${path}`))).toEqual(new Set(['typebox']));
      expect(inlined.filter((path) => path.startsWith('typebox/build/value/') || path.startsWith('typebox/build/compile/'))).toEqual([]);

      const api = await appApi(url, tenant);
      const version = await upload(api, new TextEncoder().encode('words from the bundled worker'), 'text/plain');
      const text = await settledText(api, version.versionId);
      expect(text.status).toBe('READY');
      expect(JSON.stringify(text)).toContain('words from the bundled worker');
    } finally {
      const exited = new Promise((res) => server.once('exit', res));
      server.kill('SIGTERM');
      await exited;
    }
  }, HEAVY_TEST_MS);
});
