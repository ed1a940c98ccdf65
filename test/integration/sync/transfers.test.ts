/**
 * Transfers: a large upload interrupted by kill -9 resumes with only the missing chunks; a file
 * edited during its upload is uploaded again; the bandwidth limit and the concurrency setting hold.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_SIZE, hashFile } from '../../../main/remote/transfer.ts';
import { openSyncStore } from '../../../main/store/sync/index.ts';
import { downloadPartName } from '../../../main/sync/parts.ts';
import { startFaultProxy } from '../../helpers/faultProxy.ts';
import { tempDir } from '../../helpers/server.ts';
import { expectInSync, sandbox, sha } from './harness.ts';
import { startSync, syncOnceProcess, until } from './process.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const { service, fresh } = sandbox();
const MiB = 1024 * 1024;

/** A file of `chunks` distinct 8 MiB chunks, written without holding it all in memory. */
function writeBig(path: string, chunks: number): void {
  const block = randomBytes(DEFAULT_CHUNK_SIZE);
  const fd = openSync(path, 'w');
  for (let i = 0; i < chunks; i++) {
    block.writeUInt32BE(i, 0);
    writeSync(fd, block);
  }
  closeSync(fd);
}

describe('transfers', () => {
  it('a 200 MB upload killed mid-way resumes by sending only the missing chunks', { timeout: HEAVY_TEST_MS }, async () => {
    const svc = service();
    const proxy = await startFaultProxy(svc.server.url);
    const dir = tempDir('folio-big-');
    const state = tempDir('folio-big-state-');
    try {
      const root = (await svc.client.createContainer({ name: `big ${Date.now()}` })).containerId;
      const chunks = 25;
      writeBig(join(dir, 'big.bin'), chunks);
      const { hash, size } = await hashFile(join(dir, 'big.bin'));
      expect(size).toBe(200 * MiB);
      const args = { server: proxy.url, container: root, dir, state, tenant: svc.tenant };

      const first = startSync({ ...args, once: true });
      await until(() => (proxy.hits.get('/v1/versions/uploadChunk') ?? 0) >= 10, 'ten chunk requests');
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));

      // What the service holds of the interrupted upload, asked with the engine's own idempotency key.
      const store = await openSyncStore(state);
      const pair = store.listPairs()[0];
      const node = [...store.loadTree(pair?.pairId ?? '', 'local').values()].find((n) => n.name === 'big.bin');
      store.close();
      const session = await svc.client.v1(contract.versions.initChunkedUpload, { containerId: root, title: 'big.bin', idempotencyKey: `${pair?.pairId}/${node?.id}/${hash}`, expectedContentHash: hash, totalSize: size, chunkSize: DEFAULT_CHUNK_SIZE, totalChunks: chunks });
      const stored = session.uploadedChunkIndexes.length;
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(chunks);

      proxy.reset();
      const second = await syncOnceProcess(args);
      expect(second.code).toBe(0);
      expect(proxy.hits.get('/v1/versions/uploadChunk')).toBe(chunks - stored);
      const { documents } = await svc.client.children(root);
      expect(documents.map((d) => [d.title, d.contentHash, d.currentVersionNo])).toEqual([['big.bin', hash, 1]]);
    } finally {
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  });

  it("a download's part file left as a second name of a file of the folder (a crash between placing it and removing the part) is not written into", async () => {
    const s = await fresh();
    const report = 'the quarterly report, final';
    const doc = await s.remoteWrite('report.txt', report);
    // What the crash leaves: the part, linked into place, then edited by the user under its other name.
    s.write('mine.txt', 'draft');
    linkSync(s.abs('mine.txt'), s.abs(downloadPartName(doc.docId, sha(report))));
    await s.settle();
    expect(s.read('mine.txt')).toBe('draft');
    expect(s.read('report.txt')).toBe(report);
    await expectInSync(s);
  });

  it('a small file edited during its upload is uploaded again: the service ends with the final content', async () => {
    let edited = false;
    const s = await fresh({
      settings: { uploadLimit: 256 * 1024 },
      onProgress: (path, done, total) => {
        if (path === 'doc.bin' && !edited && done > 0 && done < total) {
          edited = true;
          s.write('doc.bin', Buffer.alloc(600 * 1024, 2));
        }
      },
    });
    s.write('doc.bin', Buffer.alloc(600 * 1024, 1));
    await s.settle();
    expect(edited).toBe(true);
    const doc = await s.remoteDoc('doc.bin');
    expect(doc.contentHash).toBe(sha(Buffer.alloc(600 * 1024, 2)));
    expect(doc.currentVersionNo).toBe(2);
  });

  it('a large file edited during its chunked upload is uploaded again, and no torn version reaches the service', async () => {
    let edited = false;
    const big = Buffer.alloc(DEFAULT_CHUNK_SIZE * 2 + 1000, 1);
    const changed = Buffer.from(big);
    changed.fill(3, DEFAULT_CHUNK_SIZE * 2 - 10);
    const s = await fresh({
      settings: { uploadLimit: 32 * MiB },
      onProgress: (path, done) => {
        if (path === 'big.bin' && !edited && done > 0) {
          edited = true;
          s.write('big.bin', changed);
        }
      },
    });
    s.write('big.bin', big);
    await s.settle();
    expect(edited).toBe(true);
    const doc = await s.remoteDoc('big.bin');
    expect(doc.contentHash).toBe(sha(changed));
    const versions = await service().client.v1(contract.versions.getPage, { docId: doc.docId, pageSize: 50 });
    for (const v of versions.content) expect([sha(big), sha(changed)]).toContain(v.contentHash);
  });

  it('the upload limit holds: N bytes take at least N / limit seconds', async () => {
    const limit = 512 * 1024;
    const s = await fresh({ settings: { uploadLimit: limit } });
    s.write('a.bin', randomBytes(1024 * 1024));
    s.write('b.bin', randomBytes(512 * 1024));
    const started = performance.now();
    await s.settle();
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThanOrEqual((1.5 * MiB) / limit);
  });

  it('the download limit holds: N bytes take at least N / limit seconds', async () => {
    const limit = 512 * 1024;
    const s = await fresh({ settings: { downloadLimit: limit } });
    await s.remoteWrite('a.bin', randomBytes(1024 * 1024));
    await s.remoteWrite('b.bin', randomBytes(512 * 1024));
    const started = performance.now();
    await s.settle();
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThanOrEqual((1.5 * MiB) / limit);
    expect(Object.keys(s.localListing()).sort()).toEqual(['a.bin', 'b.bin']);
  });

  for (const concurrency of [1, 3]) {
    it(`the concurrency setting bounds the transfers in flight (${concurrency})`, async () => {
      const s = await fresh({ proxy: true, settings: { concurrency } });
      for (let i = 0; i < 8; i++) s.write(`f${i}.txt`, `file ${i}`);
      s.mkdir('d');
      s.proxy?.delay('/v1/versions/upload', 150);
      await s.settle();
      expect(s.proxy?.maxInFlight.get('/v1/versions/upload')).toBe(concurrency);
      for (let i = 0; i < 8; i++) await s.remoteWrite(`d/r${i}.txt`, `remote ${i}`);
      s.proxy?.delay('/v1/versions/download', 150);
      await s.settle();
      expect(s.proxy?.maxInFlight.get('/v1/versions/download')).toBe(concurrency);
    });
  }

  it('sibling folders new to the service are created together, up to the concurrency setting, a parent before its children', async () => {
    const s = await fresh({ proxy: true, settings: { concurrency: 3 } });
    for (let i = 0; i < 6; i++) s.mkdir(`d${i}`);
    s.mkdir('d0/inner/deeper');
    s.write('d0/inner/deeper/f.txt', 'three folders down');
    s.proxy?.delay('/v1/containers/create', 100);
    await s.settle();
    expect(s.proxy?.maxInFlight.get('/v1/containers/create')).toBe(3);
    await expectInSync(s);
    expect((await s.remoteListing())['d0/inner/deeper/f.txt']).toBe(sha('three folders down'));
  });

  it('the concurrency setting bounds the chunks of one large upload in flight', async () => {
    const s = await fresh({ proxy: true, settings: { concurrency: 2 } });
    s.write('big.bin', randomBytes(DEFAULT_CHUNK_SIZE * 4 + 10));
    s.proxy?.delay('/v1/versions/uploadChunk', 100);
    await s.settle();
    expect(s.hits('/v1/versions/uploadChunk')).toBe(5);
    expect(s.proxy?.maxInFlight.get('/v1/versions/uploadChunk')).toBe(2);
  });
});
