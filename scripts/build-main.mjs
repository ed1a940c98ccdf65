#!/usr/bin/env node
/**
 * Builds the Node side's production artefact: our own code, bundled by esbuild into ESM in dist/node
 * (docs/architecture.md, "dist/node"). Packages stay in node_modules, loaded as they are. Each
 * entry is a file of its own, and code splitting keeps the CLI's lazily imported commands in
 * chunks of their own, so a command still loads only its modules.
 *
 * Every output sits directly in dist/node, two levels below the root like the main/<dir>/ modules
 * they come from, so a path a module names relative to its own URL (the renderer, the preload, the
 * icon) resolves to the same place from the bundle.
 *
 * Last, it writes dist/node/inputs.json: the files the bundle was built from and when the build
 * began. bin/bundleOrSource.mjs runs the bundle only while none of them has changed since.
 */
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'dist', 'node');

const ENTRIES = {
  cli: 'main/cli.ts',
  'electron-main': 'main/electron/main.ts',
  // Started as a worker thread by main/service/text/extractorThread.ts.
  extractorWorker: 'main/service/text/extractorWorker.ts',
  // Started as a worker thread by main/store/checkpointer.ts.
  checkpointWorker: 'main/store/checkpointWorker.ts',
  // Started as a worker thread by main/store/hashThread.ts.
  hashWorker: 'main/store/hashWorker.ts',
  // Started as a worker thread by main/store/blobThreads.ts.
  blobWorker: 'main/store/blobWorker.ts',
};

/**
 * Packages bundled into our chunks instead of loaded from node_modules. TypeBox's ESM build is
 * some 700 files: resolving and compiling each one cost `folio sync --once` more CPU than reading
 * a pair's 100,000 unchanged files' stats (docs/sync-performance.md). The fastify provider comes
 * with it, so that `folio serve` holds one copy of TypeBox, not the bundle's and node_modules'.
 * got, with the twenty-odd small packages it brings, likewise: resolving its some hundred files
 * took a third of a quiet `folio sync --once`'s CPU (docs/performance.md, "Restart").
 */
const INLINE = new Set(['typebox', '@fastify/type-provider-typebox', 'got']);
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const EXTERNAL = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})].filter((name) => !INLINE.has(name)).flatMap((name) => [name, `${name}/*`]);

/** Files that shape the output without being bundled. */
const SETTINGS = ['scripts/build-main.mjs', 'tsconfig.json'];

// Taken before esbuild reads anything: a source saved during the build counts as newer than the bundle.
const builtAt = Date.now();
// First, so that a build that fails halfway leaves no manifest claiming its outputs are current.
rmSync(OUT, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Other packages (electron among them) load from node_modules at run time, native ones included.
  external: EXTERNAL,
  // got's dependencies are CommonJS, inlined into ESM: esbuild turns their require() of Node's
  // own modules into a call of the module scope's `require`, which ESM has not.
  banner: { js: "import { createRequire as __folioCreateRequire } from 'node:module'; const require = __folioCreateRequire(import.meta.url);" },
  // Maps for stack traces; without the sources' text, which the stack traces do not need.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
// An inlined package counts as one input, its package.json (an upgrade rewrites it), not its
// hundreds of files: each input is a stat at every start of bin/folio.mjs. That holds for the
// packages an inlined one brings along too (got's http2-wrapper, cacheable-request and the rest).
const ownInputs = Object.keys(metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
const inlined = new Set(Object.keys(metafile.inputs).flatMap((input) => {
  const dir = /^(?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+/.exec(input);
  return dir ? [`${dir[0]}package.json`] : [];
}));
writeFileSync(join(OUT, 'inputs.json'), `${JSON.stringify({ builtAt, inputs: [...ownInputs, ...inlined, ...SETTINGS] })}\n`);
