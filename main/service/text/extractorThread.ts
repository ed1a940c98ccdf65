/**
 * The service's side of the extractor thread. Extraction (PDF parsing, rendering, OCR) is CPU-heavy
 * and partly synchronous, so it runs in a worker thread: the HTTP server stays responsive, a job can
 * be stopped at once by terminating the thread, and a file that needs too much memory kills the
 * thread, not the service. The thread is started on first use and stopped after a quiet minute,
 * which frees the OCR model. When the thread ends, for whatever reason, the OCR program's processes
 * it started and that still run are killed: a thread's end does not end its child processes.
 */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread, type WorkerEntry } from '../../platform/workerThread.ts';
import type { OcrChoice } from './ocr.ts';
import type { PageShare, PdfPart } from './results.ts';
import type { Extraction } from './textDocument.ts';

export interface ExtractRequest {
  id: number;
  bytes: Uint8Array;
  mimeType: string;
  /** Given for a PDF whose pages are shared among threads (extractorPool.ts): the reply is a PdfPart. */
  share?: PageShare;
}

export type ExtractResult = Extraction | PdfPart;

export type ExtractReply = { id: number; result: ExtractResult } | { id: number; error: string };

/** From the thread: an OCR process started (`running`) or ended. */
export interface OcrChildNotice {
  ocrChild: number;
  running: boolean;
}

export interface ExtractorWorkerData {
  ocr: OcrChoice;
}

/** The thread died on this file (out of memory, or a crash in native code). */
export class ExtractorCrashed extends Error {
  constructor(
    message: string,
    readonly outOfMemory: boolean,
  ) {
    super(message);
  }
}

const ENTRY: WorkerEntry = { source: new URL('./extractorWorker.ts', import.meta.url), bundled: new URL('./extractorWorker.js', import.meta.url) };

export interface ExtractorOptions {
  idleMs?: number;
  /** Heap limit of the thread, in MB. */
  maxHeapMb?: number;
  /** Which OCR engine (ocr.ts); `auto` unless a test says otherwise. */
  ocr?: OcrChoice;
  /** Told when an OCR process starts or ends in the thread. */
  onOcrChild?: (pid: number, running: boolean) => void;
}

export class ExtractorThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private tail: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly idleMs: number;
  private readonly maxHeapMb: number;

  constructor(private readonly options: ExtractorOptions = {}) {
    this.idleMs = options.idleMs ?? 60_000;
    this.maxHeapMb = options.maxHeapMb ?? 2048;
  }

  /**
   * Extracts one file, or the `share` of a PDF's pages; calls queue up. `bytes` is handed over to
   * the thread (its buffer is detached).
   */
  extract(bytes: Uint8Array, mimeType: string, signal: AbortSignal, share?: PageShare): Promise<ExtractResult> {
    const run = this.tail.then(() => this.send({ id: this.nextId++, bytes, mimeType, ...(share ? { share } : {}) }, signal));
    this.tail = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.tail;
    await this.stopThread();
  }

  private send(request: ExtractRequest, signal: AbortSignal): Promise<ExtractResult> {
    signal.throwIfAborted();
    clearTimeout(this.idleTimer);
    const worker = this.thread();
    const { id } = request;
    return new Promise<ExtractResult>((resolve, reject) => {
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
        this.idleTimer = setTimeout(() => void this.stopThread(), this.idleMs);
        this.idleTimer.unref();
      };
      const onMessage = (reply: ExtractReply | OcrChildNotice) => {
        if (!('id' in reply) || reply.id !== id) return;
        cleanup();
        if ('result' in reply) resolve(reply.result);
        else reject(new Error(reply.error));
      };
      const onError = (err: Error & { code?: string }) => {
        cleanup();
        this.forget(worker);
        const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
        reject(new ExtractorCrashed(oom ? 'the file needs more memory than text extraction may use' : `the extractor crashed: ${err.message}`, oom));
      };
      const onExit = (code: number) => {
        cleanup();
        this.forget(worker);
        reject(new ExtractorCrashed(`the extractor exited with code ${code}`, false));
      };
      const onAbort = () => {
        cleanup();
        this.forget(worker);
        void worker.terminate();
        reject(signal.reason);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const workerData: ExtractorWorkerData = { ocr: this.options.ocr ?? 'auto' };
    const worker = startWorkerThread(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb }, workerData: { ...workerData } });
    const children = new Set<number>();
    worker.on('message', (notice: ExtractReply | OcrChildNotice) => {
      if (!('ocrChild' in notice)) return;
      if (notice.running) children.add(notice.ocrChild);
      else children.delete(notice.ocrChild);
      this.options.onOcrChild?.(notice.ocrChild, notice.running);
    });
    // A thread that dies between requests is simply replaced on the next one.
    worker.on('error', () => this.forget(worker));
    worker.on('exit', () => {
      this.forget(worker);
      // Node delivers a thread's last messages before its exit, so every child it told of is known here.
      for (const pid of children) killChild(pid);
    });
    this.worker = worker;
    return worker;
  }

  private forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }

  private async stopThread(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}

function killChild(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // It has ended meanwhile.
  }
}
