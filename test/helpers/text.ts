/** Helpers for the text and rendition tests: upload a file, wait for its text job, read the store. */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { VersionResult } from '../../shared/v1/resources.ts';
import type { VersionText } from '../../shared/v1/text.ts';
import { data, type Api } from './server.ts';
import { until } from './wait.ts';

export async function upload(api: Api, bytes: Uint8Array, mimeType: string, title = `file-${randomUUID()}`): Promise<VersionResult> {
  return data(await api.raw('/v1/versions/upload', { title, mimeType }, bytes)) as VersionResult;
}

/** Asks GET /v1/versions/text until the status is no longer PENDING. */
export async function settledText(api: Api, versionId: string, query: Record<string, string> = {}): Promise<VersionText> {
  return until(`the text of ${versionId} to settle`, async () => {
    const text = data(await api.get<VersionText>('/v1/versions/text', { versionId, ...query }));
    return text.status !== 'PENDING' && text;
  });
}

/** Opens the real SQLite file of a running server (WAL mode lets a second connection read and write). */
export function openDb(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, 'folio.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export function renditionPath(dataDir: string, contentHash: string): string {
  return join(dataDir, 'renditions', 'blobs', contentHash.slice(0, 2), contentHash);
}
