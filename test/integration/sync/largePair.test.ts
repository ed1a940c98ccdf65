/**
 * What a large pair costs to hold: a first sync records the intents of its uploads a slice at a
 * time, not one per file of the whole pair at once, and ends with one object per node shared by
 * the three trees (docs/sync-performance.md, "Memory").
 */
import { describe, expect, it } from 'vitest';
import { INTENT_SLICE } from '../../../main/sync/engine.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';
import { expectInSync, sandbox } from './harness.ts';

const { fresh } = sandbox();

describe('a large first sync', () => {
  it('holds the intents of one slice of uploads at a time, and every file arrives', { timeout: HEAVY_TEST_MS }, async () => {
    let most = 0;
    let samples = 0;
    const s = await fresh({
      settings: { concurrency: 8 },
      onProgress: () => {
        samples++;
        most = Math.max(most, s.engine.owner.state().intents.size);
      },
    });
    const files = INTENT_SLICE + 50;
    for (let i = 0; i < files; i++) s.write(`f${i % 10}/file-${i}.txt`, `file ${i}`);
    const summary = await s.settle();
    expect(summary.uploaded).toBe(files + 10);
    expect(samples).toBeGreaterThanOrEqual(files);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(INTENT_SLICE);
    expect(s.store.loadIntents('p1')).toEqual([]);
    await expectInSync(s);
  });

  it('ends with each node held once: the three trees share its object, through the feed that repeats the uploads', async () => {
    const s = await fresh();
    for (let i = 0; i < 30; i++) s.write(`f${i % 3}/file-${i}.txt`, `file ${i}`);
    await s.settle();
    await expectInSync(s);
    const state = s.engine.owner.state();
    expect(state.synced.size).toBe(33);
    for (const [id, node] of state.synced) {
      expect(state.local.get(id)).toBe(node);
      expect(state.remote.get(id)).toBe(node);
    }
  });
});
