/**
 * The extractor thread: runs extraction off the service's event loop, one file (or one share of a
 * PDF's pages) at a time, and keeps the OCR engine loaded between files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractPdfPart, extractText } from './extract.ts';
import type { ExtractorWorkerData, ExtractReply, ExtractRequest, OcrChildNotice } from './extractorThread.ts';
import { createOcrEngine } from './ocr.ts';

const port = parentPort;
if (!port) throw new Error('extractorWorker.ts runs as a worker thread');

// The service's side kills the OCR program's processes that are still running when this thread ends.
const ocr = createOcrEngine((workerData as ExtractorWorkerData).ocr, { onChild: (pid, running) => port.postMessage({ ocrChild: pid, running } satisfies OcrChildNotice) });

port.on('message', (req: ExtractRequest) => {
  const work = req.share ? extractPdfPart(req.bytes, req.share, ocr) : extractText(req.bytes, req.mimeType, ocr);
  work.then(
    (result) => port.postMessage({ id: req.id, result } satisfies ExtractReply),
    (err: unknown) => port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies ExtractReply),
  );
});
