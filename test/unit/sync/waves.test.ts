/** structureWaves: which structural operations of a plan may run at once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../main/sync/planner.ts';
import { structureWaves } from '../../../main/sync/waves.ts';

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
});
