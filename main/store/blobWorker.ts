/**
 * The blob threads (./blobThreads.ts): puts one small blob file into place per request, with the
 * blocking calls a durable put needs, in the order BlobFiles documents. Write a fresh temp file,
 * fsync it, link it under its hash, fsync the directories that gained a name, drop the temp
 * name. On the service's main thread through the promise API that was nine trips through the
 * thread pool per upload; here it is one message each way.
 */
import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

export interface BlobPutRequest {
  seq: number;
  tempPath: string;
  target: string;
  bytes: Uint8Array;
  /** Directories to fsync once the link is made: the shard, and the root when the shard is new. */
  directories: string[];
}

/** linked: false when a file of that content was there already (nothing was synced for it). */
export type BlobPutReply = { seq: number; linked: boolean } | { seq: number; error: string; code?: string };

const port = parentPort;
if (!port) throw new Error('blobWorker.ts runs as a worker thread');

function writeDurably(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function put(request: BlobPutRequest): boolean {
  try {
    writeDurably(request.tempPath, request.bytes);
    try {
      linkSync(request.tempPath, request.target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
    for (const dir of request.directories) syncDirectory(dir);
    return true;
  } finally {
    // The temp name goes whatever happened; the bytes stay under the blob's name when linked.
    rmSync(request.tempPath, { force: true });
  }
}

port.on('message', (request: BlobPutRequest) => {
  let reply: BlobPutReply;
  try {
    reply = { seq: request.seq, linked: put(request) };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    reply = { seq: request.seq, error: e.message, ...(e.code ? { code: e.code } : {}) };
  }
  port.postMessage(reply);
});
