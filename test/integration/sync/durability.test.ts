/**
 * What `folio sync` puts in the folder survives a power cut once the trees record it (docs/sync.md,
 * "Durability"): a downloaded file's bytes are fsynced under their temp name before the file takes
 * its real one, and every folder that gains, loses or moves a name is fsynced after, before the
 * sync state (SQLite's WAL) is written. A real `folio sync --once` runs under strace, which records
 * the calls; each test reads that record.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeRe, fsynced, indexOf, named, readTrace, requireStrace, straced } from '../../helpers/strace.ts';
import { sandbox, type Scenario } from './harness.ts';
import { syncOnceProcess } from './process.ts';

const { service, fresh } = sandbox();
let traces = 0;

beforeAll(() => requireStrace());

const PART = '[^"]*/\\.folio-[0-9a-f]+\\.part';

/** A pair whose folder path is the real one, as strace prints an fd's path. */
async function pair(): Promise<{ s: Scenario; dir: string }> {
  const s = await fresh();
  return { s, dir: realpathSync(s.dir) };
}

/** Runs `folio sync --once` on the pair, under strace when asked; returns the trace. */
async function syncOnce(s: Scenario, dir: string, traced = true): Promise<string[]> {
  const traceFile = join(s.scratch, `trace-${++traces}.txt`);
  const r = await syncOnceProcess({
    server: service().server.url,
    container: s.rootId,
    dir,
    state: join(s.scratch, 'cli-state'),
    tenant: service().tenant,
    ...(traced ? { wrapper: straced(traceFile) } : {}),
  });
  expect(r.code, r.stderr).toBe(0);
  return traced ? readTrace(traceFile) : [];
}

/** SQLite writing the sync state: the trees record what was done. */
const stateWrite = (s: Scenario) => new RegExp(`^pwrite64\\(\\d+<${escapeRe(realpathSync(join(s.scratch, 'cli-state')))}/sync\\.db-wal>`);

/**
 * Every `syncs` pattern matches after line `at`, and before the next write of the sync state, which
 * does come after them.
 */
function durableBeforeRecorded(lines: string[], at: number, syncs: RegExp[], state: RegExp): void {
  const recorded = indexOf(lines, state, at);
  for (const sync of syncs) {
    const synced = indexOf(lines, sync, at);
    expect(synced, `${String(sync)} after line ${at}`).toBeGreaterThan(at);
    expect(recorded, `${String(sync)} before the state is written`).toBeGreaterThan(synced);
  }
}

/** The line where a download's temp file became `dest`, after its bytes were fsynced under the temp name. */
function placedAfterDataSync(lines: string[], call: 'link' | 'rename', dest: string): number {
  const at = indexOf(lines, named(call, PART, dest));
  expect(at, `${call} of a temp file onto ${dest}`).toBeGreaterThanOrEqual(0);
  const part = named(call, PART, dest).exec(lines[at] as string)?.[2] as string;
  const dataSynced = indexOf(lines, fsynced(part));
  expect(dataSynced, `the bytes of ${part} are fsynced`).toBeGreaterThanOrEqual(0);
  expect(dataSynced, 'before the file takes its name').toBeLessThan(at);
  return at;
}

describe('folio sync makes what it writes durable before recording it', () => {
  it('a new file: bytes fsynced under the temp name, linked into place, then its folder fsynced', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('report.txt', 'the quarterly report');
    const lines = await syncOnce(s, dir);
    expect(s.read('report.txt')).toBe('the quarterly report');
    const linked = placedAfterDataSync(lines, 'link', join(dir, 'report.txt'));
    durableBeforeRecorded(lines, linked, [fsynced(dir)], stateWrite(s));
  });

  it('a new folder: its parent fsynced after the mkdir; a file in it: the new folder fsynced after the link', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('Plans/2025.txt', 'next year');
    const lines = await syncOnce(s, dir);
    const made = indexOf(lines, new RegExp(`^mkdir(at)?\\(.*"${escapeRe(join(dir, 'Plans'))}"`));
    expect(made).toBeGreaterThanOrEqual(0);
    durableBeforeRecorded(lines, made, [fsynced(dir)], stateWrite(s));
    const linked = placedAfterDataSync(lines, 'link', join(dir, 'Plans', '2025.txt'));
    durableBeforeRecorded(lines, linked, [fsynced(join(dir, 'Plans'))], stateWrite(s));
  });

  it('a changed file: the new bytes fsynced, renamed over the old, then the folder fsynced', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('notes.txt', 'first');
    await syncOnce(s, dir, false);
    await s.remoteWrite('notes.txt', 'second, longer than the first');
    const lines = await syncOnce(s, dir);
    expect(s.read('notes.txt')).toBe('second, longer than the first');
    const renamed = placedAfterDataSync(lines, 'rename', join(dir, 'notes.txt'));
    durableBeforeRecorded(lines, renamed, [fsynced(dir)], stateWrite(s));
  });

  it('a move across folders: both folders fsynced after the rename', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('From/moving.txt', 'on the move');
    await s.remoteFolder('To');
    await syncOnce(s, dir, false);
    await s.remoteMove('From/moving.txt', 'To', 'moved.txt');
    const lines = await syncOnce(s, dir);
    expect(s.read('To/moved.txt')).toBe('on the move');
    const renamed = indexOf(lines, named('rename', escapeRe(join(dir, 'From', 'moving.txt')), join(dir, 'To', 'moved.txt')));
    expect(renamed).toBeGreaterThanOrEqual(0);
    durableBeforeRecorded(lines, renamed, [fsynced(join(dir, 'To')), fsynced(join(dir, 'From'))], stateWrite(s));
  });

  it('a delete: the folder that lost the name fsynced before the trees forget the file', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('Old/gone.txt', 'soon gone');
    await syncOnce(s, dir, false);
    await s.remoteDelete('Old/gone.txt');
    const lines = await syncOnce(s, dir);
    const unlinked = indexOf(lines, new RegExp(`^unlink(at)?\\(.*"${escapeRe(join(dir, 'Old', 'gone.txt'))}"`));
    expect(unlinked).toBeGreaterThanOrEqual(0);
    durableBeforeRecorded(lines, unlinked, [fsynced(join(dir, 'Old'))], stateWrite(s));
  });

  it('a conflict: the local edit renamed to its conflict name and the folder fsynced, before the service copy takes the name', async () => {
    const { s, dir } = await pair();
    await s.remoteWrite('shared.txt', 'base');
    await syncOnce(s, dir, false);
    s.write('shared.txt', 'edited here');
    await s.remoteWrite('shared.txt', 'edited there');
    const lines = await syncOnce(s, dir);
    expect(s.read('shared.txt')).toBe('edited there');
    const renamed = indexOf(lines, new RegExp(`^rename(at2?)?\\(.*"${escapeRe(join(dir, 'shared.txt'))}",.*"${escapeRe(dir)}/shared \\(conflicted copy [^"]+\\)\\.txt"`));
    expect(renamed, 'the local edit is renamed to its conflict name').toBeGreaterThanOrEqual(0);
    const linked = placedAfterDataSync(lines, 'link', join(dir, 'shared.txt'));
    const synced = indexOf(lines, fsynced(dir), renamed);
    expect(synced, 'the folder is fsynced after the rename').toBeGreaterThan(renamed);
    expect(synced, 'before the service copy is linked into the name').toBeLessThan(linked);
    durableBeforeRecorded(lines, linked, [fsynced(dir)], stateWrite(s));
  });
});
