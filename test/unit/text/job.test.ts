/** The text job handler on a real store and the real extractor thread: reuse, read failures, sweeping. */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../../../main/service/kernel.ts';
import { DEFAULT_CONFIG } from '../../../main/service/config.ts';
import type { RequestContext } from '../../../main/service/context.ts';
import { buildServices, serviceDeps, type Services } from '../../../main/service/services.ts';
import { textExtractionJob } from '../../../main/service/text/job.ts';
import { TEXT_QUEUE } from '../../../main/service/text/queue.ts';
import { createTenant } from '../../../main/service/tenancy.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { openDb } from '../../helpers/text.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let dir: string;
let store: Store;
let deps: ServiceDeps;
let services: Services;
let ctx: RequestContext;
let job: ReturnType<typeof textExtractionJob>;
const signal = new AbortController().signal;

beforeAll(async () => {
  dir = tempDir('folio-textjob-');
  store = await openStore(dir);
  deps = serviceDeps(store, DEFAULT_CONFIG);
  services = buildServices(deps);
  const tenant = await createTenant(store, 'acme');
  ctx = { tenantId: tenant.tenantId, clientId: tenant.clientId, mode: 'APP_ONLY', userId: null };
  job = textExtractionJob(deps);
});

afterAll(async () => {
  await job.close?.();
  store.close();
  removeDir(dir);
});

let n = 0;
async function newVersion(text: string) {
  const bytes = Buffer.from(text);
  return services.versions.upload(ctx, { title: `v${n++}.txt`, mimeType: 'text/plain' }, Readable.from([bytes]), bytes.length);
}

const textOf = (versionId: string) => store.renditions.get(ctx.tenantId, versionId, 'TEXT');

describe('text job', () => {
  it('is queued by finalize, with a PENDING TEXT rendition', async () => {
    const v = await newVersion('queued by finalize');
    expect(textOf(v.versionId)?.status).toBe('PENDING');
    expect(await store.jobs.isLive(TEXT_QUEUE, v.versionId)).toBe(true);
  });

  it('reuses the result of a version with the same content and type instead of extracting again', async () => {
    const first = await newVersion('same bytes twice');
    await job.run({ tenantId: ctx.tenantId, versionId: first.versionId }, signal);
    const second = await newVersion('same bytes twice');
    // Both versions share one blob file; without it, only reuse can produce the second result.
    await store.blobs.remove(second.contentHash);
    await job.run({ tenantId: ctx.tenantId, versionId: second.versionId }, signal);
    expect(textOf(second.versionId)).toMatchObject({ status: 'READY', contentHash: textOf(first.versionId)?.contentHash });
  });

  it("fails the attempt (to be retried) when the version's bytes cannot be read, and records FAILED on giving up", async () => {
    const v = await newVersion('bytes that disappear');
    await store.blobs.remove(v.contentHash);
    await expect(job.run({ tenantId: ctx.tenantId, versionId: v.versionId }, signal)).rejects.toThrow("could not read the version's content (ENOENT)");
    expect(textOf(v.versionId)?.status).toBe('PENDING');
    await job.giveUp({ tenantId: ctx.tenantId, versionId: v.versionId }, "could not read the version's content (ENOENT)");
    expect(textOf(v.versionId)).toMatchObject({ status: 'FAILED', failReason: "could not read the version's content (ENOENT)" });
  });

  it('does nothing for a version that is already done or gone', async () => {
    const v = await newVersion('done once');
    await job.run({ tenantId: ctx.tenantId, versionId: v.versionId }, signal);
    const done = textOf(v.versionId);
    await job.run({ tenantId: ctx.tenantId, versionId: v.versionId }, signal);
    expect(textOf(v.versionId)).toEqual(done);
    await expect(job.run({ tenantId: ctx.tenantId, versionId: 'ver_gone' }, signal)).resolves.toBeUndefined();
  });

  it('in its sweep, queues versions that have no TEXT rendition', async () => {
    const v = await newVersion('missed by a crash');
    const db = openDb(dir);
    db.prepare('DELETE FROM jobs WHERE job_key = ?').run(v.versionId);
    db.prepare('DELETE FROM renditions WHERE version_id = ?').run(v.versionId);
    db.close();
    expect(textOf(v.versionId)).toBeUndefined();
    await job.sweep?.(signal);
    expect(textOf(v.versionId)?.status).toBe('PENDING');
    expect(await store.jobs.isLive(TEXT_QUEUE, v.versionId)).toBe(true);
  });

  it('in its sweep, queues again a PENDING rendition whose job was lost, and leaves one with a live job alone', async () => {
    const lost = await newVersion('job lost in a crash');
    const kept = await newVersion('job still queued');
    const jobOf = async (versionId: string) => (await store.jobs.list(TEXT_QUEUE)).filter((j) => j.key === versionId);
    const db = openDb(dir);
    db.prepare('DELETE FROM jobs WHERE job_key = ?').run(lost.versionId);
    db.close();
    const keptJob = (await jobOf(kept.versionId))[0]?.jobId;
    expect(await store.jobs.isLive(TEXT_QUEUE, lost.versionId)).toBe(false);
    await job.sweep?.(signal);
    expect(await store.jobs.isLive(TEXT_QUEUE, lost.versionId)).toBe(true);
    expect((await jobOf(kept.versionId)).map((j) => j.jobId)).toEqual([keptJob]);
  });

  it('in its sweep, works through more missed versions than one batch, and stops when told to', async () => {
    const db = openDb(dir);
    // Versions missed by a crash: their renditions and jobs are gone.
    const versions = [];
    for (let i = 0; i < 1_050; i++) versions.push(await newVersion(`missed ${i}`));
    db.prepare(`DELETE FROM renditions WHERE kind = 'TEXT'`).run();
    db.prepare('DELETE FROM jobs').run();
    db.close();
    const stopped = new AbortController();
    stopped.abort();
    await job.sweep?.(stopped.signal);
    expect(await store.jobs.list(TEXT_QUEUE)).toHaveLength(0);
    await job.sweep?.(signal);
    for (const v of versions) expect(await store.jobs.isLive(TEXT_QUEUE, v.versionId)).toBe(true);
  }, HEAVY_TEST_MS);
});
