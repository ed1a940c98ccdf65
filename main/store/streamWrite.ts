/**
 * Copies a byte stream into an open file at a position. Writes go out in batches of about 1 MiB
 * with one batch in flight while the next is read, so the network and the disk work at once.
 *
 * On failure the source is drained, not destroyed: destroying an HTTP request resets its
 * connection, and the reset can overtake the error reply the client is owed.
 */
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

const BATCH_BYTES = 1024 * 1024;

export class SizeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/** The source failed before its end: for an HTTP request, the client went away mid-body. */
export class SourceFailed extends Error {
  constructor(readonly reason: unknown) {
    super(`the byte stream failed before its end: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/** Lets each batch go to the disk, or refuses it by throwing (./chunkWrite.ts: a later copy of a chunk stops an earlier one). */
export interface BatchGate {
  admit(batch: () => Promise<void>): Promise<void>;
}

/** Returns the number of bytes written; more than `maxBytes` throws SizeLimitExceeded. `onPiece` sees every byte in order. */
export async function writeStreamAt(fh: FileHandle, position: number, source: Readable, maxBytes: number, onPiece?: (piece: Buffer) => void, gate?: BatchGate): Promise<number> {
  let total = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    const buffers = batch;
    const bytes = batchBytes;
    const at = position + total - batchBytes;
    batch = [];
    batchBytes = 0;
    inFlight = gate ? gate.admit(() => writeAll(fh, buffers, bytes, at)) : writeAll(fh, buffers, bytes, at);
  };
  const pieces = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const nextPiece = () =>
    pieces.next().catch((err: unknown) => {
      throw new SourceFailed(err);
    });
  try {
    for (let step = await nextPiece(); !step.done; step = await nextPiece()) {
      const piece = step.value;
      total += piece.length;
      if (total > maxBytes) throw new SizeLimitExceeded(maxBytes);
      onPiece?.(piece);
      batch.push(piece);
      batchBytes += piece.length;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
    if (batchBytes > 0) await flush();
    await inFlight;
    return total;
  } catch (err) {
    await letGo(pieces, source);
    await inFlight.catch(() => undefined);
    throw err;
  }
}

/** The whole of a small stream in memory; more than `maxBytes` throws SizeLimitExceeded, a broken source SourceFailed. */
export async function readSmall(source: Readable, maxBytes: number): Promise<Buffer> {
  const pieces = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const step = await pieces.next().catch((err: unknown) => {
        throw new SourceFailed(err);
      });
      if (step.done) return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, total);
      total += step.value.length;
      if (total > maxBytes) throw new SizeLimitExceeded(maxBytes);
      parts.push(step.value);
    }
  } catch (err) {
    await letGo(pieces, source);
    throw err;
  }
}

/** Lets go of a source read through `pieces` without destroying it (see the top), then reads the rest into the void. */
export async function letGo(pieces: AsyncIterator<Buffer>, source: Readable): Promise<void> {
  await Promise.resolve(pieces.return?.()).catch(() => undefined);
  source.resume();
}

async function writeAll(fh: FileHandle, buffers: Buffer[], bytes: number, position: number): Promise<void> {
  let written = (await fh.writev(buffers, position)).bytesWritten;
  // A regular file takes a whole writev unless the disk fills up; write the rest to surface the real error.
  if (written < bytes) {
    const rest = Buffer.concat(buffers);
    while (written < bytes) {
      const n = (await fh.write(rest, written, bytes - written, position + written)).bytesWritten;
      if (n === 0) throw new Error(`short write at byte ${position + written}`);
      written += n;
    }
  }
}
