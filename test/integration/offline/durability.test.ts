/**
 * A write through the local API is durable in the synced folder before it is answered (docs/sync.md,
 * "Durability"): new bytes are fsynced under a temp name before they take the document's name, and
 * every folder that gains, moves or loses a name is fsynced after. The daemon's own credential
 * files are replaced the same way. A real `folio daemon` runs under strace, with the service
 * stopped (the engine then leaves the folder alone); each test reads the calls it made for one
 * request, in order, once the answer is back.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, Document, VersionResult } from '../../../shared/v1/resources.ts';
import { data, removeDir, tempDir } from '../../helpers/server.ts';
import { escapeRe, fsynced, indexOf, named, readTrace, requireStrace, straced } from '../../helpers/strace.ts';
import { World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;
let traceDir: string;
let traceFile: string;
/** The pair's folder as strace prints an fd's path (the real path) and as the daemon names files. */
let real: string;
let folder: Container;

beforeAll(async () => {
  requireStrace();
  traceDir = tempDir('folio-trace-');
  traceFile = join(traceDir, 'trace.txt');
  w = await World.create();
  await w.pairAdd();
  real = realpathSync(w.dir);
  await w.startDaemon(straced(traceFile));
  await w.converged();
  await w.stopService();
  await w.offline();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
  removeDir(traceDir);
});

/** The calls the daemon made while `request` ran, from its start to its answer. */
async function tracedDuring(request: () => Promise<void>): Promise<string[]> {
  const from = readTrace(traceFile).length - 1;
  await request();
  return readTrace(traceFile).slice(from);
}

/** `sync` happens after line `at`. */
function syncedAfter(lines: string[], at: number, sync: RegExp): void {
  expect(at, 'the change is in the trace').toBeGreaterThanOrEqual(0);
  expect(indexOf(lines, sync, at), `${String(sync)} after: ${lines[at]}`).toBeGreaterThan(at);
}

const PART = '[^"]*/\\.folio-[^"/]+\\.part';
const madeDir = (path: string) => new RegExp(`^mkdir(at)?\\(.*"${escapeRe(path)}"`);
const removed = (path: string) => new RegExp(`^(unlink|rmdir)(at)?\\(.*"${escapeRe(path)}"`);

describe('folio daemon: tree writes through the local API are durable before they are answered', () => {
  it('its credential files: fsynced under a temp name, renamed into place, then the state folder fsynced', () => {
    const lines = readTrace(traceFile);
    const state = realpathSync(w.stateDir);
    for (const file of ['local-client.json', 'local-token']) {
      const at = indexOf(lines, named('rename', `${escapeRe(state)}/\\.folio-[^"/]+\\.part`, join(state, file)));
      expect(at, `${file} is renamed into place`).toBeGreaterThanOrEqual(0);
      const temp = named('rename', `${escapeRe(state)}/\\.folio-[^"/]+\\.part`, join(state, file)).exec(lines[at] as string)?.[2] as string;
      const dataSynced = indexOf(lines, fsynced(temp));
      expect(dataSynced, `${temp} is fsynced`).toBeGreaterThanOrEqual(0);
      expect(dataSynced).toBeLessThan(at);
      syncedAfter(lines, at, fsynced(state));
    }
  });

  it('containers/create: the folder made, then its parent fsynced', async () => {
    const lines = await tracedDuring(async () => {
      folder = data(await w.local.post<Container>('/v1/containers/create', { parentId: w.rootId, name: 'Made offline' }));
    });
    syncedAfter(lines, indexOf(lines, madeDir(join(real, 'Made offline'))), fsynced(real));
  });

  it('documents/save: the empty file made, then its folder fsynced', async () => {
    const lines = await tracedDuring(async () => {
      data(await w.local.post<Document>('/v1/documents/save', { containerId: folder.containerId, title: 'empty.txt' }));
    });
    expect(indexOf(lines, fsynced(join(real, 'Made offline'))), 'the folder is fsynced').toBeGreaterThanOrEqual(0);
  });

  let uploaded: VersionResult;
  it('versions/upload: the bytes fsynced under a temp name, renamed into place, then the folder fsynced', async () => {
    const lines = await tracedDuring(async () => {
      uploaded = data(await w.local.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'one.txt' }, Buffer.from('written offline'))) as VersionResult;
    });
    const dest = join(real, 'Made offline', 'one.txt');
    const at = indexOf(lines, named('rename', PART, dest));
    expect(at, 'a temp file is renamed onto the document').toBeGreaterThanOrEqual(0);
    const temp = named('rename', PART, dest).exec(lines[at] as string)?.[2] as string;
    const dataSynced = indexOf(lines, fsynced(temp));
    expect(dataSynced, 'its bytes are fsynced').toBeGreaterThanOrEqual(0);
    expect(dataSynced, 'before it takes the name').toBeLessThan(at);
    syncedAfter(lines, at, fsynced(join(real, 'Made offline')));
  });

  it('documents/update to another folder: both folders fsynced after the rename', async () => {
    const lines = await tracedDuring(async () => {
      data(await w.local.post<Document>('/v1/documents/update', { docId: uploaded.docId, containerId: w.rootId }));
    });
    const at = indexOf(lines, named('rename', escapeRe(join(real, 'Made offline', 'one.txt')), join(real, 'one.txt')));
    syncedAfter(lines, at, fsynced(real));
    syncedAfter(lines, at, fsynced(join(real, 'Made offline')));
  });

  it('documents/delete and containers/delete: the folder that lost the name fsynced', async () => {
    const doc = await tracedDuring(async () => {
      data(await w.local.post('/v1/documents/delete', { docId: uploaded.docId }));
    });
    syncedAfter(doc, indexOf(doc, removed(join(real, 'one.txt'))), fsynced(real));
    const container = await tracedDuring(async () => {
      data(await w.local.post('/v1/containers/delete', { containerId: folder.containerId }));
    });
    syncedAfter(container, indexOf(container, removed(join(real, 'Made offline'))), fsynced(real));
  });
});
