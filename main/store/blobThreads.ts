/**
 * Threads that put small blob files into place (./blobWorker.ts), so that the many small uploads
 * of a first sync cost the service's main thread one message each way instead of nine trips
 * through the thread pool (docs/sync-performance.md). A put blocks its thread for two fsyncs, so
 * there are as many threads as the pool had for them, each given the next put when it is the
 * least busy. Started on first use and unreferenced when idle; a thread that dies fails the puts
 * it held, and the next put starts a new one.
 */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread, type WorkerEntry } from '../platform/workerThread.ts';
import type { BlobPutReply, BlobPutRequest } from './blobWorker.ts';

const ENTRY: WorkerEntry = { source: new URL('./blobWorker.ts', import.meta.url), bundled: new URL('./blobWorker.js', import.meta.url) };

/** Like libuv's default pool, which did this work before. */
const THREADS = 4;

export interface BlobPut {
  tempPath: string;
  target: string;
  bytes: Uint8Array;
  directories: string[];
}

/** A put the thread could not carry out; `code` is the file system's (ENOSPC, say). */
export class BlobPutFailed extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (linked: boolean) => void;
  reject: (err: Error) => void;
}

class BlobThread {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;

  constructor(onGone: (thread: BlobThread) => void) {
    this.worker = startWorkerThread(ENTRY);
    this.worker.unref();
    this.worker.on('message', (reply: BlobPutReply) => {
      const waiting = this.pending.get(reply.seq);
      this.pending.delete(reply.seq);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting?.reject(new BlobPutFailed(reply.error, reply.code));
      else waiting?.resolve(reply.linked);
    });
    const gone = (reason: string) => {
      onGone(this);
      for (const p of this.pending.values()) p.reject(new Error(`the blob thread stopped: ${reason}`));
      this.pending.clear();
    };
    this.worker.on('error', (err) => gone(err.message));
    this.worker.on('exit', (code) => gone(`exit code ${code}`));
  }

  put(seq: number, put: BlobPut): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      // A put in flight keeps the process alive, as a file-system call would.
      this.worker.ref();
      this.worker.postMessage({ seq, ...put } satisfies BlobPutRequest);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

export class BlobThreads {
  private threads: BlobThread[] = [];
  private nextSeq = 1;

  /** Puts `bytes` under `target` durably; false when a file was there already. */
  put(put: BlobPut): Promise<boolean> {
    return this.leastBusy().put(this.nextSeq++, put);
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private leastBusy(): BlobThread {
    let best: BlobThread | undefined;
    for (const t of this.threads) if (!best || t.pending.size < best.pending.size) best = t;
    if (best && (best.pending.size === 0 || this.threads.length >= THREADS)) return best;
    const started = new BlobThread((gone) => (this.threads = this.threads.filter((t) => t !== gone)));
    this.threads.push(started);
    return started;
  }
}
