/** Property tests of the ACL resolver (docs/architecture.md, "Service conventions"): deny wins, allows are monotonic, breaking inheritance changes nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, principalKey, type PrincipalType } from '../../../../shared/permissions.ts';
import type { AclEntryRecord } from '../../../../main/store/async/repos/aclEntries.ts';
import { unite } from '../../../../main/service/acl/inheritance.ts';
import { aclScope, entriesGrant, maskOf } from '../../../../main/service/acl/resolve.ts';

interface Node {
  containerId: string;
  parentId: string | null;
  aclInheritEnabled: boolean;
  entries: AclEntryRecord[];
}
type Tree = Node[];

const PRINCIPALS: [PrincipalType, string][] = [
  ['USER', 'u1'],
  ['USER', 'u2'],
  ['DEPARTMENT', 'd1'],
  ['ROLE', 'r1'],
  ['EVERYONE', ''],
];

const mask = fc.integer({ min: 0, max: ALL_PERMISSIONS });
const entryArb = fc.record({
  principal: fc.constantFrom(...PRINCIPALS),
  allowMask: mask,
  denyMask: fc.oneof(fc.constant(0), mask),
});

/** A tree of 1..12 nodes: node 0 is the root (no inheritance, like the system root); each other node hangs under an earlier one. */
const treeArb: fc.Arbitrary<Tree> = fc
  .array(fc.record({ parentPick: fc.nat(), inherit: fc.boolean(), entries: fc.array(entryArb, { maxLength: 3 }) }), { minLength: 1, maxLength: 12 })
  .map((nodes) =>
    nodes.map((n, i) => ({
      containerId: `c${i}`,
      parentId: i === 0 ? null : `c${n.parentPick % i}`,
      aclInheritEnabled: i === 0 ? false : n.inherit,
      entries: n.entries.map((e) => ({ containerId: `c${i}`, principalType: e.principal[0], principalId: e.principal[1], role: '', allowMask: e.allowMask, denyMask: e.denyMask })),
    })),
  );

const principalsArb = fc.subarray(PRINCIPALS).map((ps) => new Set(ps.map(([t, id]) => principalKey(t, id))));

function ancestry(tree: Tree, id: string): Node[] {
  const byId = new Map(tree.map((n) => [n.containerId, n]));
  const chain: Node[] = [];
  for (let n = byId.get(id); n; n = n.parentId ? byId.get(n.parentId) : undefined) chain.push(n);
  return chain;
}

/** The resolver as the service runs it, over the in-memory tree. */
function maskIn(tree: Tree, id: string, principals: ReadonlySet<string>): number {
  return maskOf(entriesGrant(aclScope(ancestry(tree, id)).flatMap((n) => n.entries), principals));
}

/** What the service does on acl/inheritance/set false: take over the parent's scope, then stop inheriting. */
function breakAt(tree: Tree, id: string): Tree {
  return tree.map((n) => {
    if (n.containerId !== id || !n.aclInheritEnabled || !n.parentId) return n;
    const taken = aclScope(ancestry(tree, n.parentId)).flatMap((p) => p.entries);
    return { ...n, aclInheritEnabled: false, entries: unite(n.containerId, n.entries, taken) };
  });
}

const scenario = fc.record({ tree: treeArb, principals: principalsArb, pick: fc.nat() });
const nodeOf = (tree: Tree, pick: number): Node => tree[pick % tree.length] as Node;

describe('ACL resolution', () => {
  it('a bit denied to any of the caller\'s principals anywhere in scope is never granted', () => {
    fc.assert(
      fc.property(scenario, ({ tree, principals, pick }) => {
        const node = nodeOf(tree, pick);
        const applicable = aclScope(ancestry(tree, node.containerId))
          .flatMap((n) => n.entries)
          .filter((e) => principals.has(principalKey(e.principalType, e.principalId)));
        const denied = applicable.reduce((m, e) => m | e.denyMask, 0);
        const allowed = applicable.reduce((m, e) => m | e.allowMask, 0);
        const result = maskIn(tree, node.containerId, principals);
        expect(result & denied).toBe(0);
        expect(result).toBe(allowed & ~denied);
      }),
    );
  });

  it('removing allow bits from an entry never raises anyone\'s mask anywhere', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), mask, ({ tree, principals }, entryPick, clear) => {
        const all = tree.flatMap((n) => n.entries);
        fc.pre(all.length > 0);
        const target = all[entryPick % all.length] as AclEntryRecord;
        const reduced = tree.map((n) => ({ ...n, entries: n.entries.map((e) => (e === target ? { ...e, allowMask: e.allowMask & ~clear } : e)) }));
        for (const n of tree) {
          const before = maskIn(tree, n.containerId, principals);
          const after = maskIn(reduced, n.containerId, principals);
          expect(after & ~before).toBe(0);
        }
      }),
    );
  });

  it('adding a deny entry never raises anyone\'s mask anywhere', () => {
    fc.assert(
      fc.property(scenario, entryArb, ({ tree, principals, pick }, extra) => {
        const at = nodeOf(tree, pick).containerId;
        const denied = tree.map((n) =>
          n.containerId === at
            ? { ...n, entries: [...n.entries, { containerId: at, principalType: extra.principal[0], principalId: extra.principal[1], role: '', allowMask: 0, denyMask: extra.denyMask }] }
            : n,
        );
        for (const n of tree) expect(maskIn(denied, n.containerId, principals) & ~maskIn(tree, n.containerId, principals)).toBe(0);
      }),
    );
  });

  it('breaking inheritance keeps every effective mask, on the node and everywhere else', () => {
    fc.assert(
      fc.property(scenario, ({ tree, principals, pick }) => {
        const broken = breakAt(tree, nodeOf(tree, pick).containerId);
        for (const n of tree) expect(maskIn(broken, n.containerId, principals)).toBe(maskIn(tree, n.containerId, principals));
      }),
    );
  });

  it('breaking inheritance leaves one entry per principal on the node', () => {
    fc.assert(
      fc.property(scenario, ({ tree, pick }) => {
        const before = nodeOf(tree, pick);
        fc.pre(before.aclInheritEnabled);
        const id = before.containerId;
        const node = breakAt(tree, id).find((n) => n.containerId === id) as Node;
        const keys = node.entries.map((e) => principalKey(e.principalType, e.principalId));
        expect(new Set(keys).size).toBe(keys.length);
        expect(node.entries.every((e) => e.containerId === id)).toBe(true);
      }),
    );
  });

  it('without deny entries, more principals never mean fewer bits', () => {
    fc.assert(
      fc.property(scenario, principalsArb, ({ tree, principals, pick }, more) => {
        const allowOnly = tree.map((n) => ({ ...n, entries: n.entries.map((e) => ({ ...e, denyMask: 0 })) }));
        const id = nodeOf(tree, pick).containerId;
        const wider = new Set([...principals, ...more]);
        expect(maskIn(allowOnly, id, principals) & ~maskIn(allowOnly, id, wider)).toBe(0);
      }),
    );
  });

  it('entries above a node that does not inherit do not reach it', () => {
    const tree: Tree = [
      { containerId: 'c0', parentId: null, aclInheritEnabled: false, entries: [{ containerId: 'c0', principalType: 'EVERYONE', principalId: '', role: '', allowMask: 1, denyMask: 4 }] },
      { containerId: 'c1', parentId: 'c0', aclInheritEnabled: false, entries: [{ containerId: 'c1', principalType: 'USER', principalId: 'u1', role: '', allowMask: 6, denyMask: 0 }] },
      { containerId: 'c2', parentId: 'c1', aclInheritEnabled: true, entries: [] },
    ];
    const u1 = new Set(['USER:u1', 'EVERYONE']);
    expect(maskIn(tree, 'c0', u1)).toBe(1);
    expect(maskIn(tree, 'c1', u1)).toBe(6);
    expect(maskIn(tree, 'c2', u1)).toBe(6);
    expect(maskIn(tree, 'c2', new Set(['EVERYONE']))).toBe(0);
  });
});
