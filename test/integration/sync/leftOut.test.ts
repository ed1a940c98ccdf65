/**
 * Items a pair leaves out are reported, each once and with its reason (docs/sync.md, "Left out"):
 * a symlink, a local name with a control character, and a service path too long for this disk,
 * in `folio sync --once`'s summary and through the DesktopApi, which reads them from the store.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DesktopCore } from '../../../main/desktop/core.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import type { Result } from '../../../shared/desktop/api.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';
import type { LeftOutChange } from '../../../main/sync/engine.ts';
import { sandbox, type Scenario } from './harness.ts';
import { syncOnceProcess } from './process.ts';

const { service, fresh } = sandbox();

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A folder holding a symlink and a name with a tab, under a service folder with a path too long for this disk. */
async function withProblems(s: Scenario): Promise<string> {
  s.write('target.txt', 't');
  symlinkSync('target.txt', s.abs('link'));
  s.write('tab\tname.txt', 'x');
  const segment = 'p'.repeat(250);
  let parent = s.rootId;
  for (let depth = 0; depth < 17; depth++) parent = (await service().client.createContainer({ parentId: parent, name: segment })).containerId;
  // The first folder that does not fit on this disk: the one whose path reaches 4096 bytes.
  const depth = Math.ceil((4096 - Buffer.byteLength(s.dir)) / (segment.length + 1));
  return Array(depth).fill(segment).join('/');
}

describe('left-out items', { timeout: HEAVY_TEST_MS }, () => {
  it('are told (to the log) once each as they change, not every pass', async () => {
    const changes: LeftOutChange[] = [];
    const s = await fresh({ onLeftOut: (c) => changes.push(c) });
    s.write('ok.txt', 'o');
    symlinkSync('ok.txt', s.abs('link'));
    await s.settle();
    await s.settle();
    await s.sync({ hints: [''] });
    const link = { side: 'local', path: 'link', reason: 'symlink' };
    expect(changes).toEqual([{ added: [link], cleared: [] }]);
    s.remove('link');
    await s.settle();
    expect(changes).toEqual([{ added: [link], cleared: [] }, { added: [], cleared: [link] }]);
  });

  it('folio sync --once lists each with its reason, once, and counts them; a second run says the same', async () => {
    const s = await fresh();
    const tooLong = await withProblems(s);
    const expected = ['left out: link (symlink)', 'left out: tab\\u0009name.txt (not-a-service-name)', `left out: ${tooLong} (path-too-long, on the service)`].sort();
    for (let run = 0; run < 2; run++) {
      const r = await syncOnceProcess({ server: service().server.url, container: s.rootId, dir: s.dir, state: join(s.scratch, 'cli-state'), tenant: service().tenant });
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines.filter((l) => l.startsWith('left out: ')).sort()).toEqual(expected);
      expect(lines.at(-1)).toMatch(/, left out 3$/);
    }
  });

  it('the DesktopApi lists them for the UI, and the pair needs attention rather than being up to date', async () => {
    const s = await fresh();
    const tooLong = await withProblems(s);
    const state = tempDir('folio-leftout-state-');
    const core = await DesktopCore.open({ stateDir: state, keychain: new MemoryKeychain('no keychain in this test'), pollMs: 400, client: { retry: { attempts: 2, baseDelayMs: 20 } } });
    try {
      const api = new Dispatcher(core, () => {}).api();
      value(await api.signIn({ serviceUrl: service().server.url, clientId: service().tenant.clientId, clientSecret: service().tenant.clientSecret }));
      const pair = value(await api.addPair({ dir: s.dir, containerId: s.rootId }));
      const status = await until('the pair in sync but for what it leaves out', async () => {
        await core.whenIdle();
        const st = value(await api.getStatus({}));
        return st.pairs[0]?.state === 'ATTENTION' ? st : undefined;
      });
      expect(status.state).toBe('ATTENTION');
      expect(status.pairs[0]).toMatchObject({ leftOut: 3, stateReason: '3 not synced' });
      const items = value(await api.listLeftOut({ pairId: pair.pairId }));
      expect(items.map((i) => `${i.side} ${i.path} ${i.reason}`).sort()).toEqual(
        ['local link symlink', 'local tab\tname.txt not-a-service-name', `remote ${tooLong} path-too-long`].sort(),
      );
    } finally {
      await core.close();
      removeDir(state);
    }
  });
});
