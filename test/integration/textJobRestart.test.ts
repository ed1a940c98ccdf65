/**
 * The text job queue across process lifetimes, with a real `folio serve`: killed with SIGKILL while
 * jobs are queued and running, then restarted on the same data directory; and stopped with SIGTERM
 * in the middle of a job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUrl } from '../../shared/v1/renditions.ts';
import { drawText, MIME, normalise, png } from '../fixtures/text.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type Api, type Tenant } from '../helpers/server.ts';
import { openDb, settledText, upload } from '../helpers/text.ts';
import { exited, HEAVY_TEST_MS, whenChanged } from '../helpers/wait.ts';

let dataDir: string;
let tenant: Tenant;

beforeAll(async () => {
  dataDir = tempDir();
  const first = await startServer(dataDir);
  tenant = await createTenant(dataDir, 'acme');
  await first.stop();
});

afterAll(() => removeDir(dataDir));

interface JobRow {
  job_key: string;
  status: string;
  attempts: number;
}

function jobs(): JobRow[] {
  const db = openDb(dataDir);
  try {
    return db.prepare(`SELECT job_key, status, attempts FROM jobs WHERE queue = 'text-extraction' ORDER BY job_id`).all() as JobRow[];
  } finally {
    db.close();
  }
}

/** Waits until the server has written a job row that `running` accepts: each commit wakes the wait. */
function jobRunning(running: (job: JobRow) => boolean): Promise<true> {
  return whenChanged(dataDir, 'a text job to be RUNNING', () => jobs().some(running) || undefined);
}

const page = (words: string) => png(drawText([words, 'and a second line of words', 'and a third one to read'], 1400));

// OCR in a worker and two server starts per test: minutes on a loaded CI machine. The timeout is a guard.
describe('text jobs survive the process', { timeout: HEAVY_TEST_MS }, () => {
  it('after SIGKILL with jobs running and queued, a restarted server finishes every one', async () => {
    let server = await startServer(dataDir);
    let api: Api = await appApi(server.url, tenant);
    const versions = [
      await upload(api, await page('first killed page'), MIME.png),
      await upload(api, await page('second killed page'), MIME.png),
      await upload(api, new TextEncoder().encode('plain text queued last'), MIME.text),
    ];
    // A signed URL issued now must still work after the restart: the signing key is the install's.
    const preview = versions[2]?.versionId ?? '';
    data(await api.raw('/v1/renditions/upload', { versionId: preview, kind: 'PREVIEW', mimeType: 'text/plain' }, new TextEncoder().encode('preview bytes')));
    const signed = data(await api.post<SignedUrl>('/v1/renditions/signed-url', { versionId: preview, kind: 'PREVIEW', validitySeconds: 3600 })).path;
    await jobRunning((j) => j.status === 'RUNNING');
    server.process.kill('SIGKILL');
    expect(await exited(server.process)).toEqual({ code: null, signal: 'SIGKILL' });

    const left = jobs();
    expect(left.some((j) => j.status === 'RUNNING')).toBe(true);
    expect(left.length).toBeGreaterThanOrEqual(2);

    server = await startServer(dataDir);
    try {
      api = await appApi(server.url, tenant);
      const texts = [];
      for (const v of versions) texts.push(await settledText(api, v.versionId));
      expect(texts.map((t) => t.status)).toEqual(['READY', 'READY', 'READY']);
      expect(normalise(texts[0]?.pages?.[0]?.text ?? '')).toContain('first killed page');
      expect(normalise(texts[1]?.pages?.[0]?.text ?? '')).toContain('second killed page');
      expect(texts[2]?.text).toBe('plain text queued last');
      expect(jobs()).toEqual([]);
      expect(await (await fetch(`${server.url}${signed}`)).text()).toBe('preview bytes');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('SIGTERM stops a running job cleanly and puts it back; the next start finishes it', async () => {
    let server = await startServer(dataDir);
    let api: Api = await appApi(server.url, tenant);
    const v = await upload(api, await page('interrupted politely'), MIME.png);
    await jobRunning((j) => j.job_key === v.versionId && j.status === 'RUNNING');
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(jobs()).toEqual([{ job_key: v.versionId, status: 'QUEUED', attempts: 0 }]);

    server = await startServer(dataDir);
    try {
      api = await appApi(server.url, tenant);
      expect(normalise((await settledText(api, v.versionId)).text ?? '')).toContain('interrupted politely');
    } finally {
      await server.stop();
    }
  });
});
