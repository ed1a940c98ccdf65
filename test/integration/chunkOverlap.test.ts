/**
 * Two copies of the same chunk arriving at once on the local-disk path: a client's first request
 * is still sending when its retry arrives, and the file changed in between, so the two carry
 * different bytes. The copy that arrived last counts; the earlier one writes nothing more once
 * the later has begun, and is not counted. Before, the earlier copy kept writing in place: its
 * late bytes landed in the file after the retry was hashed, even in the blob the completion had
 * linked, and the version's content hash no longer matched its bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import type { ChunkedUploadSession, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';
import { until } from '../helpers/wait.ts';

const MiB = 1024 * 1024;
/** Above the 1 MiB batches in which a chunk is written, so the first copy's start reaches the file. */
const CHUNK = 4 * MiB;

let server: ServerHandle;
let app: Api;

beforeAll(async () => {
  server = await startServer();
  app = await appApi(server.url, await createTenant(server.dataDir));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A chunk request whose body the test sends piece by piece; `answer` settles with the reply. */
function heldChunk(uploadId: string, index: number, size: number): { send: (piece: Buffer) => void; end: (piece: Buffer) => void; answer: Promise<{ status: number; body: Envelope<unknown> }> } {
  const req = request(`${server.url}/v1/versions/uploadChunk?${new URLSearchParams({ uploadId, chunkIndex: String(index) })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/octet-stream', 'content-length': String(size) },
  });
  const answer = new Promise<{ status: number; body: Envelope<unknown> }>((resolve, reject) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Envelope<unknown> }));
    });
    req.on('error', reject);
  });
  return { send: (piece) => req.write(piece), end: (piece) => req.end(piece), answer };
}

/** The first `length` bytes of a file, or undefined while it has fewer. */
function head(path: string, length: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const out = Buffer.alloc(length);
    return readSync(fd, out, 0, length, 0) === length ? out : undefined;
  } finally {
    closeSync(fd);
  }
}

describe('overlapping writes of one chunk', () => {
  it('counts the copy that arrived last, and the version holds exactly the bytes it is named by', async () => {
    const stale = randomBytes(CHUNK);
    const fresh = randomBytes(CHUNK);
    const session = data(
      await app.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId: '', title: 'edited-while-sent.bin', totalSize: CHUNK, chunkSize: CHUNK, totalChunks: 1 }),
    );

    // The first copy sends half its bytes and holds the rest back, its request still open.
    const first = heldChunk(session.uploadId, 0, CHUNK);
    first.send(stale.subarray(0, CHUNK / 2));
    const part = join(server.dataDir, 'uploads', `${session.uploadId}.part`);
    await until('the first copy to be writing into the assembly file', () => head(part, MiB)?.equals(stale.subarray(0, MiB)));

    // The retry, with the file's new bytes, arrives whole, and the upload completes.
    data(await app.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: '0' }, fresh));
    const v = data(await app.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    expect(v.contentHash).toBe(sha256(fresh));

    // Only now does the first copy's rest arrive.
    first.end(stale.subarray(CHUNK / 2));
    const late = await first.answer;

    const res = await app.fetch('/v1/versions/download', { versionId: v.versionId });
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(v.contentHash);
    expect(late.body.code).toBe(140003);
  });
});
