/**
 * `folio serve --blobs s3://…` keeps version bytes and renditions in a real S3-compatible store
 * (Swift with s3api, from scripts/cluster.sh), and serves them back whole and by range; nothing
 * lands in the data directory's blob folder.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionResult } from '../../../shared/v1/resources.ts';
import { parseBlobLocation } from '../../../main/store/blobLocation.ts';
import { s3ClientFor } from '../../../main/store/s3Blobs.ts';
import { clusterKeys, clusterUp, type TestCluster } from '../../helpers/cluster.ts';
import { appApi, createTenant, data, FOLIO_BIN, removeDir, startServer, tempDir, type Api, type ServerHandle } from '../../helpers/server.ts';
import { exited, HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let cluster: TestCluster;
let server: ServerHandle;
let dataDir: string;
let app: Api;
let s3: S3Client;
let bucket: string;

beforeAll(async () => {
  cluster = await clusterUp();
  dataDir = tempDir();
  server = await startServer(dataDir, ['--blobs', cluster.blobs], cluster.env);
  app = await appApi(server.url, await createTenant(dataDir));
  const where = parseBlobLocation(cluster.blobs);
  bucket = where.bucket;
  s3 = s3ClientFor(where, clusterKeys(cluster));
}, HEAVY_TEST_MS);

afterAll(async () => {
  s3?.destroy();
  await server?.stop();
  await cluster?.down();
  if (dataDir) removeDir(dataDir);
}, HEAVY_TEST_MS);

async function objectNames(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

function blobFilesOnDisk(): string[] {
  const root = join(dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

async function download(versionId: string, range?: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await app.fetch('/v1/versions/download', { versionId }, range ? { range } : {});
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('folio serve --blobs s3://…', () => {
  it('stores an upload as an object named by its hash, and serves it whole and by range', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const v = data(await app.raw('/v1/versions/upload', { title: 'photo.bin' }, bytes)) as VersionResult;
    expect(v.contentHash).toBe(sha256(bytes));
    expect(await objectNames('blobs/')).toContain(`blobs/${v.contentHash.slice(0, 2)}/${v.contentHash}`);
    expect(blobFilesOnDisk()).toEqual([]);

    const whole = await download(v.versionId);
    expect(whole.status).toBe(200);
    expect(sha256(whole.bytes)).toBe(v.contentHash);
    const part = await download(v.versionId, 'bytes=1048576-1048675');
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(1048576, 1048676))).toBe(true);
  });

  it('completes a chunked upload larger than one multipart part into one object', async () => {
    const chunkSize = 4 * 1024 * 1024;
    const bytes = randomBytes(5 * chunkSize + 1000);
    const totalChunks = Math.ceil(bytes.length / chunkSize);
    const session = data(
      await app.post<{ uploadId: string }>('/v1/versions/initChunkedUpload', { title: 'big.bin', totalSize: bytes.length, chunkSize, totalChunks }),
    );
    for (let i = totalChunks - 1; i >= 0; i--) {
      data(await app.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: String(i) }, bytes.subarray(i * chunkSize, (i + 1) * chunkSize)));
    }
    const v = data(await app.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    expect(v.contentHash).toBe(sha256(bytes));
    const back = await download(v.versionId);
    expect(sha256(back.bytes)).toBe(v.contentHash);
    expect(blobFilesOnDisk()).toEqual([]);
  });

  it('keeps one object for the same content uploaded by two tenants', async () => {
    const other = await appApi(server.url, await createTenant(dataDir, 'globex'));
    const bytes = randomBytes(4096);
    const a = data(await app.raw('/v1/versions/upload', { title: 'same.bin' }, bytes)) as VersionResult;
    const b = data(await other.raw('/v1/versions/upload', { title: 'same.bin' }, bytes)) as VersionResult;
    expect(b.contentHash).toBe(a.contentHash);
    expect((await objectNames('blobs/')).filter((k) => k.endsWith(a.contentHash))).toHaveLength(1);
  });

  it('keeps the extracted text as a rendition object, apart from the version blobs', async () => {
    // HTML: a plain text file is its own text, and stores no rendition.
    const page = Buffer.from('<!doctype html><html><body><p>hello from the bucket</p></body></html>');
    const v = data(await app.raw('/v1/versions/upload', { title: 'notes.html', mimeType: 'text/html' }, page)) as VersionResult;
    const text = await until('the text of notes.html', async () => {
      const reply = await app.get<{ status: string }>('/v1/versions/text', { versionId: v.versionId });
      return reply.body.data?.status !== 'PENDING' && reply.body.data;
    });
    expect(text.status).toBe('READY');
    expect(await objectNames('renditions/')).not.toEqual([]);
  });
});

describe('folio serve --blobs, refused', () => {
  async function serve(blobs: string, env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [FOLIO_BIN, 'serve', '--data', tempDir(), '--blobs', blobs], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const { code } = await exited(child);
    return { code, stderr };
  }

  it('refuses keys in the URL, a bad bucket name and an unknown parameter with exit code 2', async () => {
    expect(await serve('s3://key:secret@folio?region=us-east-1')).toMatchObject({ code: 2, stderr: expect.stringContaining('AWS_ACCESS_KEY_ID') });
    expect(await serve('s3://No_Such?region=us-east-1')).toMatchObject({ code: 2, stderr: expect.stringContaining('not a valid bucket name') });
    expect(await serve('s3://folio?endpiont=http://x')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown parameter "endpiont"') });
  });

  it('says at start that a bucket does not answer, with exit code 1', async () => {
    const wrongKeys = { AWS_ACCESS_KEY_ID: 'folio:cluster', AWS_SECRET_ACCESS_KEY: 'not-the-secret' };
    const answer = await serve(cluster.blobs, wrongKeys);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('the bucket of --blobs');
    expect(answer.stderr).toContain('does not answer');
  }, HEAVY_TEST_MS);
});
