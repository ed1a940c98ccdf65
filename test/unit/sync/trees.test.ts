/** The trees' indexes: who sits at a place, by folder and name, as each disk compares names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeState } from '../../../main/sync/model.ts';
import { caseFoldedNames, exactNames, Slots, type NameKey } from '../../../main/sync/trees.ts';

const NAMES = ['a.txt', 'A.txt', 'caf\u00e9', 'cafe\u0301', 'b', 'B'];
const node = fc.record({ parent: fc.integer({ min: 0, max: 3 }), name: fc.constantFrom(...NAMES) });

function treeOf(entries: { parent: number; name: string }[]): Map<string, NodeState> {
  return new Map(entries.map((e, i) => [`n${i}`, { id: `n${i}`, parentId: `p${e.parent}`, name: e.name, kind: 'file', hash: '' }]));
}

describe('Slots', () => {
  for (const [label, key] of [
    ['exact names', exactNames],
    ['case-folded names', caseFoldedNames],
  ] as [string, NameKey][]) {
    it(`finds, for ${label}, the last node put at a folder and name, and nothing where no name matches`, () => {
      fc.assert(
        fc.property(fc.array(node, { maxLength: 12 }), fc.integer({ min: 0, max: 4 }), fc.constantFrom(...NAMES), (entries, parent, name) => {
          const tree = treeOf(entries);
          const slots = new Slots(tree, key);
          let expected: string | undefined;
          for (const n of tree.values()) if (n.parentId === `p${parent}` && key(n.name) === key(name)) expected = n.id;
          expect(slots.at(`p${parent}`, name)).toBe(expected);
        }),
      );
    });
  }
});
