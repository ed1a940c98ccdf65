/**
 * Extractor threads, one per core (two at most: the service has other work). A PDF's pages are
 * shared among all of them, so that one large document uses every core; any other file goes whole
 * to the thread with the least queued work, so that a backlog of files also keeps every core busy.
 */
import { availableParallelism } from 'node:os';
import { detectFormat } from './formats.ts';
import { joinPdfParts, type PageShare } from './results.ts';
import { ExtractorThread, type ExtractorOptions, type ExtractResult } from './extractorThread.ts';
import type { Extraction } from './textDocument.ts';

const MAX_THREADS = 2;

export interface ExtractorPoolOptions extends ExtractorOptions {
  threads?: number;
}

interface PoolThread {
  thread: ExtractorThread;
  /** Requests sent to it and not yet answered. */
  queued: number;
}

export class ExtractorPool {
  private readonly threads: PoolThread[];

  constructor(options: ExtractorPoolOptions = {}) {
    const count = Math.max(1, options.threads ?? Math.min(MAX_THREADS, availableParallelism()));
    this.threads = Array.from({ length: count }, () => ({ thread: new ExtractorThread(options), queued: 0 }));
  }

  /** How many threads: as many files can be extracted at once. */
  get size(): number {
    return this.threads.length;
  }

  /** Extracts one file. `bytes` is handed over to the threads (its buffer is detached). */
  async extract(bytes: Uint8Array, mimeType: string, signal: AbortSignal): Promise<Extraction> {
    if (this.threads.length === 1 || detectFormat(bytes, mimeType) !== 'pdf') {
      return joinPdfParts([await this.run(this.leastBusy(), bytes, mimeType, signal)]);
    }
    const count = this.threads.length;
    // Every copy is made before the first send detaches the original.
    const copies = this.threads.map((_, i) => (i === 0 ? bytes : bytes.slice()));
    const parts = await Promise.all(this.threads.map((t, index) => this.run(t, copies[index] as Uint8Array, mimeType, signal, { index, count })));
    return joinPdfParts(parts);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.thread.close()));
  }

  private leastBusy(): PoolThread {
    return this.threads.reduce((best, t) => (t.queued < best.queued ? t : best));
  }

  private async run(t: PoolThread, bytes: Uint8Array, mimeType: string, signal: AbortSignal, share?: PageShare): Promise<ExtractResult> {
    t.queued++;
    try {
      return await t.thread.extract(bytes, mimeType, signal, share);
    } finally {
      t.queued--;
    }
  }
}
