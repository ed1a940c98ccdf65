/** transferOrder: a round's downloads grouped by the folder they land in, so that they share its fsync. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../main/sync/planner.ts';
import { transferOrder } from '../../../main/sync/transferOrder.ts';

const download = (id: string, parentId: string): Op => ({ type: 'download', id, isNew: true, parentId, name: id });
const upload = (id: string, parentId: string): Op => ({ type: 'upload', id, isNew: true, parentId, name: id });
const ids = (ops: readonly Op[]) => ops.map((op) => ('id' in op ? op.id : op.localId));

describe('transferOrder', () => {
  it("puts a folder's downloads together, in the order of its first one, after the other transfers", () => {
    const ops: Op[] = [download('a1', 'A'), download('b1', 'B'), upload('u', 'A'), download('a2', 'A'), { type: 'conflictCopy', id: 'c', copyName: 'c copy' }, download('b2', 'B'), download('a3', 'A')];
    expect(ids(transferOrder(ops))).toEqual(['u', 'c', 'a1', 'a2', 'a3', 'b1', 'b2']);
  });

  it("keeps every transfer once, each folder's downloads contiguous and in their order", () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant('download' as const), id: fc.string(), isNew: fc.boolean(), parentId: fc.constantFrom('A', 'B', 'C', 'D'), name: fc.constant('n') }),
      fc.record({ type: fc.constant('upload' as const), id: fc.string(), isNew: fc.boolean(), parentId: fc.constantFrom('A', 'B'), name: fc.constant('n') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const ordered = transferOrder(ops);
        expect([...ordered].sort(compare)).toEqual([...ops].sort(compare));
        const downloads = ordered.filter((o) => o.type === 'download');
        expect(ordered.slice(ordered.length - downloads.length)).toEqual(downloads);
        const folders = downloads.map((o) => o.parentId).filter((f, i, all) => i === 0 || all[i - 1] !== f);
        expect(new Set(folders).size).toBe(folders.length);
        for (const f of new Set(folders)) expect(downloads.filter((o) => o.parentId === f)).toEqual(ops.filter((o) => o.type === 'download' && o.parentId === f));
        expect(ordered.filter((o) => o.type !== 'download')).toEqual(ops.filter((o) => o.type !== 'download'));
      }),
    );
  });
});

function compare(a: Op, b: Op): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
