/**
 * Crash safety (docs/architecture.md, "The sync engine"): `folio sync --once` processes are killed with SIGKILL at random
 * moments of a two-way sync of 2,000 files, at least 30 times, with both sides changing between
 * runs. At the end both sides hold the same tree, no content is lost, no document is duplicated,
 * and no temp file is left behind.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { describe, expect, it } from 'vitest';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { startFaultProxy } from '../../helpers/faultProxy.ts';
import { tempDir } from '../../helpers/server.ts';
import { listing, sandbox, sha } from './harness.ts';
import { startSync, syncOnceProcess } from './process.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const { service } = sandbox();

const FILES_PER_SIDE = 1000;
const FOLDERS_PER_SIDE = 20;
const KILLS = 32;

/** A small seeded generator, so a failing run can be replayed with FOLIO_CRASH_SEED. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('crash safety', () => {
  it(`survives kill -9 at random moments, ${KILLS} times, during a two-way sync of ${2 * FILES_PER_SIDE} files`, { timeout: HEAVY_TEST_MS }, async () => {
    const seed = Number(process.env.FOLIO_CRASH_SEED ?? Date.now() % 100_000);
    const random = rng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const svc = service();
    const proxy = await startFaultProxy(svc.server.url);
    const dir = tempDir('folio-crash-');
    const state = tempDir('folio-crash-state-');
    const scratch = tempDir('folio-crash-scratch-');
    const root = (await svc.client.createContainer({ name: `crash ${seed}` })).containerId;
    /** What both sides must hold at the end: path → content. */
    const expected = new Map<string, string>();
    const localOrigin: string[] = [];
    const remoteOrigin: string[] = [];
    const remoteFolders = new Map<string, string>();

    const writeLocal = (path: string, content: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
      expected.set(path, content);
    };
    const uploads = new PQueue({ concurrency: 8 });
    let uploadCounter = 0;
    const writeRemote = (path: string, content: string) => {
      expected.set(path, content);
      return uploads.add(async () => {
        const [folder, title] = path.split('/') as [string, string];
        let containerId = remoteFolders.get(folder);
        if (!containerId) {
          containerId = (await svc.client.createContainer({ parentId: root, name: folder })).containerId;
          remoteFolders.set(folder, containerId);
        }
        const file = join(scratch, `u${++uploadCounter}`);
        writeFileSync(file, content);
        const existing = (await svc.client.children(containerId)).documents.find((d) => d.title === title);
        await uploadFile(svc.client, file, existing ? { docId: existing.docId } : { containerId, title });
        rmSync(file);
      });
    };

    try {
      for (let i = 0; i < FILES_PER_SIDE; i++) {
        const path = `local-${String(i % FOLDERS_PER_SIDE).padStart(2, '0')}/l${i}.txt`;
        writeLocal(path, `local ${i} ${'x'.repeat(i % 300)}`);
        localOrigin.push(path);
      }
      for (let f = 0; f < FOLDERS_PER_SIDE; f++) remoteFolders.set(`remote-${String(f).padStart(2, '0')}`, (await svc.client.createContainer({ parentId: root, name: `remote-${String(f).padStart(2, '0')}` })).containerId);
      await Promise.all(
        Array.from({ length: FILES_PER_SIDE }, (_, i) => {
          const path = `remote-${String(i % FOLDERS_PER_SIDE).padStart(2, '0')}/r${i}.txt`;
          remoteOrigin.push(path);
          return writeRemote(path, `remote ${i} ${'y'.repeat(i % 300)}`);
        }),
      );

      const args = { server: proxy.url, container: root, dir, state, tenant: svc.tenant };
      let killed = 0;
      // Requests a run makes, at most: a kill lands at a random one of them. A run that finishes
      // first shows how many the runs now need (the first sync needs many, later ones far fewer).
      let span = 150;
      for (let run = 0; killed < KILLS && run < KILLS * 3; run++) {
        // Both sides keep changing between runs, on different files, so the end state is known.
        for (let k = 0; k < 3; k++) writeLocal(pick(localOrigin), `local edit ${run}.${k} ${random()}`);
        for (let k = 0; k < 3; k++) await writeRemote(pick(remoteOrigin), `remote edit ${run}.${k} ${random()}`);
        const fresh = `local-new/n${run}.txt`;
        writeLocal(fresh, `new here ${run}`);
        localOrigin.push(fresh);
        const freshRemote = `remote-new/m${run}.txt`;
        await writeRemote(freshRemote, `new there ${run}`);
        remoteOrigin.push(freshRemote);

        proxy.reset();
        const threshold = 1 + Math.floor(random() * span);
        const p = startSync({ ...args, once: true });
        const requests = () => [...proxy.hits.values()].reduce((a, b) => a + b, 0);
        const deadline = Date.now() + 8_000;
        while (p.child.exitCode === null && p.child.signalCode === null && requests() < threshold && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        const finished = p.child.exitCode !== null || p.child.signalCode !== null;
        if (!finished) {
          p.child.kill('SIGKILL');
          killed++;
        }
        await p.exited;
        if (finished) span = Math.max(2, requests());
      }
      expect(killed).toBeGreaterThanOrEqual(30);

      let last = { code: null as number | null, stdout: '', stderr: '' };
      for (let attempt = 0; attempt < 3 && last.code !== 0; attempt++) last = await syncOnceProcess(args);
      expect(last.code, `seed ${seed}: ${last.stderr}`).toBe(0);

      const want = Object.fromEntries([...expected].map(([path, content]) => [path, sha(content)]));
      const local = Object.fromEntries(Object.entries(listing(dir)).filter(([k]) => !k.endsWith('/')));
      expect(Object.keys(local).filter((k) => k.split('/').pop()?.startsWith('.folio-')), `seed ${seed}`).toEqual([]);
      expect(local, `seed ${seed}`).toEqual(want);
      const remote: Record<string, string> = {};
      let documents = 0;
      for (const c of (await svc.client.children(root)).containers) {
        for (const d of (await svc.client.children(c.containerId)).documents) {
          documents++;
          remote[`${c.name}/${d.title}`] = d.contentHash;
        }
      }
      expect(remote, `seed ${seed}`).toEqual(want);
      expect(documents).toBe(expected.size);
    } finally {
      await proxy.close();
      for (const d of [dir, state, scratch]) rmSync(d, { recursive: true, force: true });
    }
  });
});
