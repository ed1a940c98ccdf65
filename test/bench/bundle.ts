/**
 * Benchmarks measure what a user runs: `folio` from the bundle in dist/node. bin/folio.mjs falls
 * back to the TypeScript sources through tsx when a source is newer than the bundle, which is
 * right for a checkout and wrong for a figure (it was: one run measured the sources by accident).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { whyNotBundle } from '../../bin/bundleOrSource.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** Builds dist/node when it is missing or older than a source it was built from. */
export function ensureBundle(log: (line: string) => void): void {
  const why = whyNotBundle();
  if (!why) return;
  log(`building dist/node first: ${why}`);
  execFileSync(process.execPath, ['scripts/build-main.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const still = whyNotBundle();
  if (still) throw new Error(`dist/node is still not current after building it: ${still}`);
}

/** Said after the table when a source changed during the run: later figures came from the sources. */
export function bundleWentStale(): string | null {
  const why = whyNotBundle();
  return why ? `warning: ${why} during the run; figures taken after that ran the TypeScript sources, not the bundle` : null;
}
