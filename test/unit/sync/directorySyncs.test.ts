/** DirectorySyncs: downloads landing in one folder together share its fsync, and none is told too early. */
import { describe, expect, it } from 'vitest';
import { DirectorySyncs } from '../../../main/sync/directorySyncs.ts';

/** A stand-in for the fsync whose calls the test ends one by one, so it sees which callers each covers. */
function gatedSyncs() {
  const calls: { dir: string; finish: (err?: Error) => void }[] = [];
  let told: (() => void) | undefined;
  const syncs = new DirectorySyncs(
    (dir) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ dir, finish: (err) => (err ? reject(err) : resolve()) });
        told?.();
      }),
  );
  /** Resolves once the fsync has been called `n` times in all. */
  const called = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (calls.length >= n) resolve();
      };
      told = check;
      check();
    });
  return { syncs, calls, called };
}

function settled(p: Promise<void>): () => 'pending' | 'done' | 'failed' {
  let state: 'pending' | 'done' | 'failed' = 'pending';
  p.then(
    () => (state = 'done'),
    () => (state = 'failed'),
  );
  return () => state;
}

describe('DirectorySyncs', () => {
  it('callers that arrive while a fsync of their folder runs wait for the next one, which they share', async () => {
    const { syncs, calls, called } = gatedSyncs();
    const first = syncs.sync('/a');
    const second = syncs.sync('/a');
    const third = syncs.sync('/a');
    expect(calls.map((c) => c.dir)).toEqual(['/a']);
    const secondState = settled(second);
    calls[0]?.finish();
    await first;
    await called(2);
    // The first fsync may have run before the second caller's name existed: it does not count for it.
    expect(secondState()).toBe('pending');
    calls[1]?.finish();
    await Promise.all([second, third]);
    expect(calls.map((c) => c.dir)).toEqual(['/a', '/a']);
  });

  it('folders do not wait for each other', () => {
    const { syncs, calls } = gatedSyncs();
    void syncs.sync('/a');
    void syncs.sync('/b');
    expect(calls.map((c) => c.dir)).toEqual(['/a', '/b']);
  });

  it('a failed fsync fails its callers; those waiting get a fsync of their own', async () => {
    const { syncs, calls, called } = gatedSyncs();
    const first = syncs.sync('/a');
    const second = syncs.sync('/a');
    calls[0]?.finish(new Error('EIO'));
    await expect(first).rejects.toThrow('EIO');
    await called(2);
    calls[1]?.finish();
    await expect(second).resolves.toBeUndefined();
  });

  it('a caller after the folder went quiet starts a fresh fsync', async () => {
    const { syncs, calls, called } = gatedSyncs();
    const first = syncs.sync('/a');
    calls[0]?.finish();
    await first;
    const later = syncs.sync('/a');
    await called(2);
    calls[1]?.finish();
    await later;
    expect(calls).toHaveLength(2);
  });
});
