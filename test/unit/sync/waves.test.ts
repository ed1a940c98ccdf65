/** structureWaves: which structural operations of a plan may run at once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../main/sync/planner.ts';
import { runInWaves, structureWaves } from '../../../main/sync/waves.ts';

const dir = (id: string, parentId: string): Op => ({ type: 'createRemoteDir', id, parentId, name: id });

describe('structureWaves', () => {
  it('sibling folders go together; a child waits for its parent, and any other operation runs alone', () => {
    const ops: Op[] = [dir('a', 'root'), dir('b', 'root'), dir('a1', 'a'), dir('c', 'root'), { type: 'deleteRemote', id: 'x' }, dir('d', 'root')];
    expect(structureWaves(ops).map((w) => w.map((op) => ('id' in op ? op.id : '')))).toEqual([['a', 'b'], ['a1', 'c'], ['x'], ['d']]);
  });

  it('keeps every operation, in order, and never puts a folder in the wave of its parent', () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant('createRemoteDir' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e'), parentId: fc.constantFrom('root', 'a', 'b', 'c', 'd'), name: fc.constant('n') }),
      fc.record({ type: fc.constant('deleteRemote' as const), id: fc.constantFrom('x', 'y') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const waves = structureWaves(ops);
        expect(waves.flat()).toEqual(ops);
        for (const wave of waves) {
          expect(wave.length).toBeGreaterThan(0);
          if (wave.length > 1) expect(wave.every((o) => o.type === 'createRemoteDir')).toBe(true);
          const ids = new Set(wave.map((o) => ('id' in o ? o.id : '')));
          for (const o of wave) if (o.type === 'createRemoteDir') expect(ids.has(o.parentId) && o.parentId !== o.id).toBe(false);
        }
      }),
    );
  });

  it('runInWaves: at most `concurrency` of a wave at once, and the next wave only after it', async () => {
    const ops: Op[] = [dir('a', 'root'), dir('b', 'root'), dir('c', 'root'), dir('a1', 'a')];
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    await runInWaves(ops, 2, async (op) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 10));
      order.push('id' in op ? op.id : '');
      inFlight--;
    });
    expect(most).toBe(2);
    expect(order.at(-1)).toBe('a1');
  });

  it('runInWaves: a failure is thrown only once every operation of its wave has ended, and no later wave starts', async () => {
    const ops: Op[] = [dir('a', 'root'), dir('b', 'root'), dir('c', 'root'), dir('a1', 'a')];
    const ended: string[] = [];
    const run = async (op: Op) => {
      const id = 'id' in op ? op.id : '';
      if (id === 'a') throw new Error('a bug');
      await new Promise((r) => setTimeout(r, 30));
      ended.push(id);
    };
    await expect(runInWaves(ops, 3, run)).rejects.toThrow('a bug');
    expect(ended.sort()).toEqual(['b', 'c']);
  });
});
