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
import { rmSync, writeFileSync } from 'node:fs';
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
  // Packages (electron among them) load from node_modules at run time, native ones included.
  packages: 'external',
  // Maps for stack traces; without the sources' text, which the stack traces do not need.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(join(OUT, 'inputs.json'), `${JSON.stringify({ builtAt, inputs: [...Object.keys(metafile.inputs), ...SETTINGS] })}\n`);
