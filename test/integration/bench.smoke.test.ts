/**
 * The benchmark harness at toy sizes: each benchmark runs end to end against real processes and
 * yields its rows. Timings are never asserted; what is checked is that the work was really done
 * (the bytes stored with the right hash, the documents created, requests answered).
 */
import { describe, expect, it } from 'vitest';
import { benchDownload } from '../bench/download.ts';
import { benchReads } from '../bench/reads.ts';
import { formatTable } from '../bench/report.ts';
import { benchSyncLargeFile } from '../bench/syncLargeFile.ts';
import { benchUpload } from '../bench/upload.ts';
import { benchWrites } from '../bench/writes.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';

const MiB = 1024 * 1024;

describe('benchmark harness (tiny sizes, no timing assertions)', () => {
  it('uploads the same file through /v1 in chunks and through curl, and reports both', async () => {
    // Not a multiple of the chunk size, so the short last chunk is exercised too.
    const result = await benchUpload({ bytes: 4 * MiB + 12345, chunkSize: MiB, concurrency: 4, rounds: 1 });
    expect(result.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.raw).toHaveLength(1);
    expect(result.folio).toHaveLength(1);
    expect(result.rows.map((r) => r.unit)).toEqual(['MB/s', 's', 's', 's', 'CPU s/GiB', 'CPU s/GiB']);
    expect(result.rows[0]?.baseline).toBeGreaterThan(0);
    expect(formatTable(result.rows)).toContain('| upload 4.0 MiB: chunked /v1 vs curl -T raw');
  }, HEAVY_TEST_MS);

  it('downloads both trees with folio sync, the floor and rclone, each file checked against the source', async () => {
    // benchDownload throws when any of the three misses a file or a byte.
    // No waiting for removed inodes to age: this checks the harness, not the figures.
    const { rows } = await benchDownload({ files: 20, realFiles: 12, settleMs: 0 });
    expect(rows.map((r) => r.benchmark)).toContain('download 20 files of 4 KiB in 1 folders: client CPU, folio vs floor');
    for (const r of rows) expect(r.folio).toBeGreaterThan(0);
  }, 300_000);

  it('syncs one large file with folio sync and sends it with curl, checking what the service stored', async () => {
    // Above the 8 MiB direct-upload threshold, so the sync takes the chunked path.
    const { rows } = await benchSyncLargeFile({ bytes: 9 * MiB + 123, rounds: 1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.benchmark).toBe('sync upload of one 9 MiB file: folio sync --once vs curl -T raw');
    expect(rows[0]?.folio).toBeGreaterThan(0);
    expect(rows[0]?.baseline).toBeGreaterThan(0);
  }, HEAVY_TEST_MS);

  // Six measurements, and a second tenant and two users, each made by a `folio admin` process.
  it('reads a seeded store and the bare route under autocannon', async () => {
    const result = await benchReads({ documents: 2, versionsPerDocument: 100, durationSeconds: 1, warmupSeconds: 0, connections: 2 });
    expect(Object.keys(result.answered).sort()).toEqual(['bare GET', 'bare POST', 'documents/get', 'user getPage, big tenant', 'user getPage, small tenant', 'versions/getPage']);
    for (const answered of Object.values(result.answered)) expect(answered).toBeGreaterThan(0);
    expect(result.rows.map((r) => r.benchmark)).toContain('versions/getPage (200 versions) vs bare POST');
    expect(result.rows.map((r) => r.benchmark)).toContain("a user's versions/getPage without docId: 200 versions vs 100 in the tenant");
  }, HEAVY_TEST_MS);

  it('creates every document it claims to', async () => {
    const result = await benchWrites({ documents: 50, bytesPerDocument: 4096, concurrency: 8 });
    expect(result.created).toBe(50);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]?.unit).toBe('docs/s');
  }, HEAVY_TEST_MS);
});
