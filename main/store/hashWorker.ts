/**
 * The hash thread (./hashThread.ts): keeps one running SHA-256 per hasher and feeds it byte ranges
 * of files, read here, so that neither the reading nor the hashing takes the service's main thread.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

export type HashRequest =
  | { op: 'update'; seq: number; id: number; file: string; start: number; end: number }
  | { op: 'digest'; seq: number; id: number }
  | { op: 'close'; id: number };

export type HashReply = { seq: number; digest?: string } | { seq: number; error: string };

const port = parentPort;
if (!port) throw new Error('hashWorker.ts runs as a worker thread');

const READ_BYTES = 1024 * 1024;
const buffer = Buffer.allocUnsafe(READ_BYTES);
const hashes = new Map<number, Hash>();

function hashOf(id: number): Hash {
  let hash = hashes.get(id);
  if (!hash) {
    hash = createHash('sha256');
    hashes.set(id, hash);
  }
  return hash;
}

function update(file: string, start: number, end: number, hash: Hash): void {
  const fd = openSync(file, 'r');
  try {
    for (let at = start; at < end; ) {
      const n = readSync(fd, buffer, 0, Math.min(READ_BYTES, end - at), at);
      if (n === 0) throw new Error(`${file} ends at byte ${at}, before ${end}`);
      hash.update(buffer.subarray(0, n));
      at += n;
    }
  } finally {
    closeSync(fd);
  }
}

port.on('message', (req: HashRequest) => {
  switch (req.op) {
    case 'update':
      try {
        update(req.file, req.start, req.end, hashOf(req.id));
        port.postMessage({ seq: req.seq } satisfies HashReply);
      } catch (err) {
        port.postMessage({ seq: req.seq, error: err instanceof Error ? err.message : String(err) } satisfies HashReply);
      }
      return;
    case 'digest':
      port.postMessage({ seq: req.seq, digest: hashOf(req.id).copy().digest('hex') } satisfies HashReply);
      return;
    case 'close':
      hashes.delete(req.id);
      return;
    default: {
      const unknown: never = req;
      throw new Error(`unknown request ${JSON.stringify(unknown)}`);
    }
  }
});
