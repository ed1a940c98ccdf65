/**
 * Text extraction makes way for uploads, against a real `folio serve`: while files come in, text
 * jobs start at most once a second (main/service/foreground.ts), so a burst of uploads is not
 * slowed by the text of the files it brings; once the uploads stop, every text is extracted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionResult } from '../../shared/v1/resources.ts';
import { MIME } from '../fixtures/text.ts';
import { queryStore } from '../helpers/dataDir.ts';
import { appApi, createTenant, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';
import { settledText, upload } from '../helpers/text.ts';

let server: ServerHandle;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

function pendingTexts(versions: VersionResult[]): number {
  const ids = versions.map((v) => v.versionId);
  const rows = queryStore<{ n: number }>(
    server.dataDir,
    `SELECT COUNT(*) AS n FROM renditions WHERE kind = 'TEXT' AND status = 'PENDING' AND version_id IN (${ids.map(() => '?').join(',')})`,
    ...ids,
  );
  return rows[0]?.n ?? 0;
}

describe('text extraction beside uploads', () => {
  it('waits while files come in, one job a second at most, and extracts them all once they stop', async () => {
    // The extractor thread is started first, so that only making way can keep texts waiting.
    const warmUp = await upload(api, new TextEncoder().encode('warm-up'), MIME.text);
    expect((await settledText(api, warmUp.versionId)).status).toBe('READY');
    const versions: VersionResult[] = [];
    const started = Date.now();
    for (let i = 0; i < 40; i++) versions.push(await upload(api, new TextEncoder().encode(`file number ${i}`), MIME.text));
    const elapsed = Date.now() - started;
    // One job may start at once, then one per second of the burst; the rest wait for it to end.
    const mayHaveStarted = 1 + Math.ceil(elapsed / 1000);
    expect(pendingTexts(versions)).toBeGreaterThanOrEqual(versions.length - mayHaveStarted);
    for (const v of versions) expect((await settledText(api, v.versionId)).status).toBe('READY');
  });
});
