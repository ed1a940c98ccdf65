/**
 * Folio's layers (docs/architecture.md, "Layers"): each folder, and the folders it may import
 * besides itself. Everything not named here may not be imported from a layered file; test/ and
 * scripts/ sit above every layer and are not checked.
 */
const PLATFORM = ['shared', 'main/platform'] as const;
const ENGINE_MODEL = 'main/sync/model.ts';
const SERVICE = [...PLATFORM, 'main/store', 'main/net', 'main/jobs', 'main/service'] as const;
const CLIENT = [...PLATFORM, ENGINE_MODEL, 'main/store', 'main/remote', 'main/sync'] as const;
const COMMAND = [...SERVICE, ...CLIENT, 'main/offline', 'main/desktop'] as const;

export const FOLIO_LAYERS: Record<string, readonly string[]> = {
  shared: [],
  'main/platform': ['shared'],
  // The engine's vocabulary is pure types, below the store that keeps it (sync.db).
  [ENGINE_MODEL]: ['shared'],
  'main/store': [...PLATFORM, ENGINE_MODEL],
  'main/net': PLATFORM,
  'main/jobs': [...PLATFORM, 'main/store'],
  'main/service': [...PLATFORM, 'main/store', 'main/net', 'main/jobs'],
  'main/remote': PLATFORM,
  'main/sync': [...PLATFORM, ENGINE_MODEL, 'main/store', 'main/remote'],
  'main/offline': [...SERVICE, ...CLIENT],
  'main/desktop': [...CLIENT, 'main/offline'],
  // entry.mjs starts the bundle or the sources through bin/bundleOrSource.mjs, as bin/folio.mjs does.
  'main/electron': [...PLATFORM, 'main/desktop', 'bin'],
  'main/cli': COMMAND,
  'main/cli.ts': [...COMMAND, 'main/cli'],
  bin: [],
  preload: ['shared'],
  renderer: ['shared', 'assets'],
  assets: [],
};
