/**
 * Property tests of the planner (docs/architecture.md, "The sync engine"): from correlated random trees perturbed on both
 * sides, applying each plan's operations in a shuffled order, again and again, must terminate,
 * converge, and lose no content.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeState } from '../../../main/sync/model.ts';
import { converge, ROOT, World } from './world.ts';

const NAMES = ['a', 'b', 'A', 'c.txt', 'C.TXT', 'd'];
const HASHES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const entry = fc.record({ dir: fc.boolean(), parent: fc.nat(), name: fc.constantFrom(...NAMES), hash: fc.constantFrom(...HASHES) });
const change = fc.record({
  side: fc.constantFrom('local' as const, 'remote' as const),
  kind: fc.constantFrom('create' as const, 'edit' as const, 'delete' as const, 'move' as const),
  target: fc.nat(),
  dest: fc.nat(),
  dir: fc.boolean(),
  name: fc.constantFrom(...NAMES, 'e', 'f'),
  hash: fc.constantFrom(...HASHES, 'h7', 'h8', 'h9'),
});

function buildSynced(world: World, entries: { dir: boolean; parent: number; name: string; hash: string }[]): void {
  const dirs = [ROOT];
  for (const e of entries) {
    const parentId = dirs[e.parent % dirs.length] as string;
    if (world.occupied('local', parentId, e.name) || world.occupied('remote', parentId, e.name)) continue;
    const id = world.newId('r');
    const node: NodeState = { id, parentId, name: e.name, kind: e.dir ? 'dir' : 'file', hash: e.dir ? '' : e.hash };
    world.remote.set(id, node);
    world.local.set(id, { ...node });
    world.synced.set(id, { ...node });
    if (!e.dir) world.serviceContent.add(e.hash);
    if (e.dir) dirs.push(id);
  }
}

type Change = { side: 'local' | 'remote'; kind: 'create' | 'edit' | 'delete' | 'move'; target: number; dest: number; dir: boolean; name: string; hash: string };

/** A user's (or another client's) change on one side, skipped when it would be impossible there. */
function perturb(world: World, c: Change): void {
  const tree = c.side === 'local' ? world.local : world.remote;
  const nodes = [...tree.values()];
  const dirs = [ROOT, ...nodes.filter((n) => n.kind === 'dir').map((n) => n.id)];
  const node = nodes[c.target % Math.max(1, nodes.length)];
  const dest = dirs[c.dest % dirs.length] as string;
  switch (c.kind) {
    case 'create': {
      if (world.occupied(c.side, dest, c.name)) return;
      const id = world.newId(c.side === 'local' ? 'local:' : 'r');
      tree.set(id, { id, parentId: dest, name: c.name, kind: c.dir ? 'dir' : 'file', hash: c.dir ? '' : c.hash });
      if (c.side === 'remote' && !c.dir) world.serviceContent.add(c.hash);
      return;
    }
    case 'edit':
      if (!node || node.kind !== 'file') return;
      tree.set(node.id, { ...node, hash: c.hash });
      if (c.side === 'remote') world.serviceContent.add(c.hash);
      return;
    case 'delete':
      if (!node) return;
      for (const n of world.subtree(c.side, node.id)) tree.delete(n.id);
      return;
    case 'move':
      if (!node || world.isInside(c.side, dest, node.id) || world.occupied(c.side, dest, c.name, node.id)) return;
      tree.set(node.id, { ...node, parentId: dest, name: c.name });
      return;
  }
}

function liveHashes(world: World): Set<string> {
  return new Set([...world.local.values(), ...world.remote.values()].filter((n) => n.kind === 'file').map((n) => n.hash));
}

function canonical(tree: Map<string, NodeState>): string[] {
  return [...tree.values()].map((n) => `${n.id}|${n.parentId}|${n.name}|${n.kind}|${n.hash}`).sort();
}

describe('sync planner properties', () => {
  for (const caseInsensitive of [false, true]) {
    it(`terminates, converges and loses no content (${caseInsensitive ? 'case-insensitive' : 'case-sensitive'} disk)`, () => {
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 14 }), fc.array(change, { maxLength: 12 }), fc.integer({ min: 1, max: 1 << 30 }), (entries, changes, seed) => {
          const world = new World(caseInsensitive);
          buildSynced(world, entries);
          for (const c of changes) perturb(world, c);
          const before = liveHashes(world);
          converge(world, seed);
          expect(canonical(world.local)).toEqual(canonical(world.remote));
          expect(canonical(world.synced)).toEqual(canonical(world.remote));
          const after = liveHashes(world);
          for (const h of before) expect(after.has(h) || world.serviceContent.has(h)).toBe(true);
        }),
        { numRuns: 400 },
      );
    });
  }
});
