/** What the planner sees of a pair: each rule of main/sync/view.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IgnoreRules } from '../../../main/sync/ignore.ts';
import type { Trees } from '../../../main/sync/trees.ts';
import type { NodeState } from '../../../main/sync/model.ts';
import { pairView, type ViewSettings } from '../../../main/sync/view.ts';

const ROOT = 'root';
const file = (id: string, name: string, parentId = ROOT, hash = `h-${id}`): NodeState => ({ id, parentId, name, kind: 'file', hash });
const dir = (id: string, name: string, parentId = ROOT): NodeState => ({ id, parentId, name, kind: 'dir', hash: '' });
const tree = (...nodes: NodeState[]) => new Map(nodes.map((n) => [n.id, n]));

function trees(remote: NodeState[], local: NodeState[] = [], synced: NodeState[] = []): Trees {
  return { rootId: ROOT, remote: tree(...remote), local: tree(...local), synced: tree(...synced) };
}

function settings(o: Partial<ViewSettings> = {}): ViewSettings {
  return { excludedFolders: [], caseInsensitive: false, rules: IgnoreRules.fromPatterns([]), platform: 'linux', dir: '/home/u/Folio', localPath: (id) => id, ...o };
}

const ids = (t: Trees['remote']) => [...t.keys()].sort();

describe('pair view', () => {
  it('leaves an excluded folder out of every tree, with its content and a local item at its place', () => {
    const t = trees([dir('d', 'skip'), file('f', 'a.txt', 'd'), file('g', 'b.txt')], [dir('d', 'skip'), file('f', 'a.txt', 'd'), dir('local:1', 'other')], [dir('d', 'skip'), file('f', 'a.txt', 'd')]);
    const t2 = { ...t, local: tree(...t.local.values(), dir('local:2', 'elsewhere'), file('local:3', 'x', 'local:2')) };
    t2.local.delete('d');
    t2.local.delete('f');
    t2.local.set('local:4', dir('local:4', 'skip'));
    t2.local.set('local:5', file('local:5', 'mine.txt', 'local:4'));
    const v = pairView(t2, settings({ excludedFolders: ['d'] }));
    expect(ids(v.trees.remote)).toEqual(['g']);
    expect(ids(v.trees.synced)).toEqual([]);
    expect(ids(v.trees.local)).toEqual(['local:1', 'local:2', 'local:3']);
    expect(v.leftOut).toEqual([]);
  });

  it('applies the ignore rules to service names too, silently', () => {
    const v = pairView(trees([dir('b', 'build'), file('o', 'out.bin', 'b'), file('t', 'x.tmp'), file('k', 'keep.txt')]), settings({ rules: IgnoreRules.fromPatterns(['build/']) }));
    expect(ids(v.trees.remote)).toEqual(['k']);
    expect(v.leftOut).toEqual([]);
  });

  it('leaves out and reports service names this disk cannot hold, with what is inside them', () => {
    const remote = [file('a', 'a:b.txt'), dir('c', 'con'), file('c1', 'in.txt', 'c'), file('t', 'dot.'), file('ok', 'ok.txt')];
    const v = pairView(trees(remote), settings({ platform: 'win32' }));
    expect(ids(v.trees.remote)).toEqual(['ok']);
    expect(v.leftOut.map((l) => `${l.path}: ${l.reason}`).sort()).toEqual(['a:b.txt: windows-forbidden-character', 'con: windows-reserved-name', 'dot.: windows-trailing-dot-or-space']);
    expect(pairView(trees(remote), settings()).leftOut).toEqual([]);
  });

  it('leaves out a service path too long for the disk, from the first folder that does not fit', () => {
    const segment = 'n'.repeat(250);
    const remote: NodeState[] = [];
    let parent = ROOT;
    for (let i = 0; i < 20; i++) {
      remote.push(dir(`d${i}`, segment, parent));
      parent = `d${i}`;
    }
    const v = pairView(trees(remote), settings({ dir: '/home/u' }));
    // '/home/u' and 16 segments of 251 bytes fit in 4,096 bytes; the 17th does not.
    expect(v.leftOut).toEqual([{ side: 'remote', path: Array(17).fill(segment).join('/'), reason: 'path-too-long' }]);
    expect(v.trees.remote.size).toBe(16);
  });

  describe('case clashes on a case-insensitive pair', () => {
    it('keeps the name already on disk', () => {
      const v = pairView(trees([file('a', 'readme.md'), file('b', 'README.md')], [file('a', 'readme.md')], [file('a', 'readme.md')]), settings({ caseInsensitive: true }));
      expect(ids(v.trees.remote)).toEqual(['a']);
      expect(v.leftOut).toEqual([{ side: 'remote', path: 'README.md', reason: 'name-clash' }]);
    });

    it('else the one the merge base holds there', () => {
      const v = pairView(trees([file('a', 'readme.md'), file('b', 'README.md')], [], [file('b', 'README.md')]), settings({ caseInsensitive: true }));
      expect(ids(v.trees.remote)).toEqual(['b']);
    });

    it('else the first name in code-point order', () => {
      const v = pairView(trees([file('a', 'readme.md'), file('b', 'README.md'), file('c', 'ReadMe.md')]), settings({ caseInsensitive: true }));
      expect(ids(v.trees.remote)).toEqual(['b']);
      expect(v.leftOut.map((l) => l.path).sort()).toEqual(['ReadMe.md', 'readme.md']);
    });

    it('a new service name that differs only by case from a new local one is left out: the name on disk wins', () => {
      const v = pairView(trees([file('r', 'NOTES.txt')], [file('local:1', 'notes.txt')]), settings({ caseInsensitive: true }));
      expect(ids(v.trees.remote)).toEqual([]);
      expect(ids(v.trees.local)).toEqual(['local:1']);
      expect(v.leftOut).toEqual([{ side: 'remote', path: 'NOTES.txt', reason: 'name-clash' }]);
      const same = pairView(trees([file('r', 'notes.txt')], [file('local:1', 'notes.txt')]), settings({ caseInsensitive: true }));
      expect(ids(same.trees.remote)).toEqual(['r']);
    });

    it('does not clash on a case-sensitive pair', () => {
      const v = pairView(trees([file('a', 'readme.md'), file('b', 'README.md')]), settings());
      expect(ids(v.trees.remote)).toEqual(['a', 'b']);
    });
  });

  it('keeps the NFC one of local NFC/NFD twins', () => {
    const nfc = file('local:1', 'caf\u00e9');
    const nfd = file('local:2', 'caf\u00e9');
    const paths: Record<string, string> = { 'local:1': 'caf\u00e9', 'local:2': 'cafe\u0301' };
    const v = pairView(trees([], [nfd, nfc]), settings({ localPath: (id) => paths[id] ?? id }));
    expect(ids(v.trees.local)).toEqual(['local:1']);
    expect(v.leftOut).toEqual([{ side: 'local', path: 'cafe\u0301', reason: 'name-clash' }]);
  });

  it('is pure: it leaves its input as it was and gives the same view twice', () => {
    const names = ['a', 'A', 'b', 'con', 'x.tmp'];
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.constantFrom(...names), dir: fc.boolean(), parent: fc.nat() }), { maxLength: 12 }), fc.boolean(), (entries, caseInsensitive) => {
        const nodes: NodeState[] = [];
        for (const [i, e] of entries.entries()) {
          const dirs = nodes.filter((n) => n.kind === 'dir');
          const parentId = dirs.length > 0 && e.parent % 2 === 0 ? (dirs[e.parent % dirs.length] as NodeState).id : ROOT;
          nodes.push(e.dir ? dir(`n${i}`, e.name, parentId) : file(`n${i}`, e.name, parentId));
        }
        const t = trees(nodes, nodes.slice(0, 3), nodes.slice(0, 2));
        const before = JSON.stringify([...t.remote, ...t.local, ...t.synced]);
        const s = settings({ caseInsensitive, platform: 'win32' });
        const one = pairView(t, s);
        const two = pairView(t, s);
        expect(JSON.stringify([...t.remote, ...t.local, ...t.synced])).toBe(before);
        expect([...one.trees.remote]).toEqual([...two.trees.remote]);
        expect(one.leftOut).toEqual(two.leftOut);
        // No two names left in a folder are one name on this disk.
        const seen = new Set<string>();
        for (const n of one.trees.remote.values()) {
          const key = `${n.parentId}/${caseInsensitive ? n.name.toLowerCase() : n.name}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }),
    );
  });
});
