// What a Node entry of Folio runs (bin/folio.mjs, main/electron/entry.mjs): the bundle in dist/node
// (scripts/build-main.mjs) while none of the files it was built from has changed since the build
// began, else the TypeScript sources through tsx, so that an edited .ts file never runs stale.
// FOLIO_FROM_SOURCE=1 forces the sources; FOLIO_DEBUG_ENTRY=1 says on stderr which one runs, and why.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'node');

/** Why the bundle must not run; '' when it may. */
export function whyNotBundle() {
  if (process.env.FOLIO_FROM_SOURCE === '1') return 'FOLIO_FROM_SOURCE=1';
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(BUNDLE, 'inputs.json'), 'utf8'));
  } catch {
    return 'dist/node is not built (npm run build:main)';
  }
  for (const input of manifest.inputs) {
    const stat = statSync(join(ROOT, input), { throwIfNoEntry: false });
    if (!stat) return `${input}, which the bundle was built from, is gone`;
    // Equal counts as newer: a file saved in the millisecond the build began may have been read before the save.
    if (stat.mtimeMs >= manifest.builtAt) return `${input} changed after the bundle was built`;
  }
  return '';
}

/**
 * Runs `bundleEntry` (a file of dist/node), or `sourceEntry` (relative to the root) through tsx.
 * `sourceMaps: false` leaves mapping the bundle's stack traces to the entry itself (main/cli.ts).
 */
export async function runBundleOrSource(bundleEntry, sourceEntry, { sourceMaps = true } = {}) {
  const why = whyNotBundle();
  if (process.env.FOLIO_DEBUG_ENTRY === '1') {
    console.error(why ? `folio: running ${sourceEntry} through tsx: ${why}` : `folio: running dist/node/${bundleEntry}`);
  }
  if (why) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(join(ROOT, sourceEntry)).href);
  } else {
    if (sourceMaps) process.setSourceMapsEnabled(true);
    await import(pathToFileURL(join(BUNDLE, bundleEntry)).href);
  }
}
