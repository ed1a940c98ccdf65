/**
 * Running SHA-256 hashes of files, computed on a thread of their own (./hashWorker.ts). A chunked
 * upload's running hash reads each stored chunk back and hashes it; on the service's main thread
 * that competed with receiving the next chunks, and fell 0.6–0.9 s behind on a 1 GiB upload, all
 * of it waited for at completion. The thread is started on first use; if it dies, every hasher it
 * held fails, and their owners start over with new ones.
 */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread, type WorkerEntry } from '../platform/workerThread.ts';
import type { HashReply, HashRequest } from './hashWorker.ts';

const ENTRY: WorkerEntry = { source: new URL('./hashWorker.ts', import.meta.url), bundled: new URL('./hashWorker.js', import.meta.url) };

/** One running hash over byte ranges of one file, fed in the order the ranges are given. */
export interface RangeHasher {
  /** Hashes bytes [start, end) of the file next. */
  update(start: number, end: number): Promise<void>;
  /** The digest of what was hashed so far; more may follow. */
  digest(): Promise<string>;
  /** Frees the hash; the hasher is not used after. */
  close(): void;
}

interface Waiting {
  resolve: (reply: HashReply) => void;
  reject: (err: Error) => void;
}

export class HashThread {
  private worker: Worker | undefined;
  private nextHasher = 1;
  private nextSeq = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Hashers of a thread that died: their state went with it. */
  private readonly lost = new Set<number>();
  /** Hashers of the thread now running. */
  private readonly held = new Set<number>();

  hasher(file: string): RangeHasher {
    const id = this.nextHasher++;
    return {
      update: async (start, end) => {
        await this.ask(id, (seq) => ({ op: 'update', seq, id, file, start, end }));
      },
      digest: async () => {
        const reply = await this.ask(id, (seq) => ({ op: 'digest', seq, id }));
        return 'digest' in reply && reply.digest ? reply.digest : '';
      },
      close: () => {
        this.lost.delete(id);
        if (this.held.delete(id)) this.worker?.postMessage({ op: 'close', id } satisfies HashRequest);
      },
    };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.lose('it was closed');
    if (worker) await worker.terminate();
  }

  /** The thread's hashes are gone: every hasher it held fails from now on, and so do its requests. */
  private lose(reason: string): void {
    this.worker = undefined;
    for (const id of this.held) this.lost.add(id);
    this.held.clear();
    for (const w of this.waiting.values()) w.reject(new Error(`the hash thread stopped: ${reason}`));
    this.waiting.clear();
  }

  private ask(hasher: number, request: (seq: number) => HashRequest): Promise<HashReply> {
    if (this.lost.has(hasher)) return Promise.reject(new Error('the hash thread stopped; this hash is gone'));
    const worker = this.thread();
    this.held.add(hasher);
    const seq = this.nextSeq++;
    return new Promise<HashReply>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      worker.postMessage(request(seq));
    }).then((reply) => {
      if ('error' in reply) throw new Error(reply.error);
      return reply;
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorkerThread(ENTRY);
    // Requests in flight keep the process busy enough; an idle thread must not keep it alive.
    worker.unref();
    worker.on('message', (reply: HashReply) => {
      const waiting = this.waiting.get(reply.seq);
      this.waiting.delete(reply.seq);
      waiting?.resolve(reply);
    });
    const died = (reason: string) => {
      if (this.worker === worker) this.lose(reason);
    };
    worker.on('error', (err) => died(err.message));
    worker.on('exit', (code) => died(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}
