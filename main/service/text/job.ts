/**
 * The text-extraction job: one per version, run by the job runner with one job per extractor
 * thread (OCR is CPU-heavy). It reads the version's bytes, extracts in the extractor threads, and records the
 * outcome as the version's TEXT rendition. Reading the bytes can fail for a while (retried with
 * backoff); a file that cannot be processed is FAILED at once. A version purged while its job ran
 * gets no rendition: the outcome is dropped.
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { PermanentJobError, type JobHandler } from '../../jobs/runner.ts';
import type { AreaDeps } from '../kernel.ts';
import { ServiceError } from '../errors.ts';
import { RenditionFiles } from '../renditions/files.ts';
import { isTextFile, textFileExtraction } from './results.ts';
import { ExtractorPool } from './extractorPool.ts';
import { ExtractorCrashed } from './extractorThread.ts';
import { queueTextExtraction, SYSTEM_ACTOR, TEXT_JOB_ATTEMPTS, TEXT_QUEUE, type TextJob } from './queue.ts';
import { TEXT_IN_VERSION_MIME, TEXT_KIND, TEXT_MIME, type Extraction } from './textDocument.ts';
import { readVersion } from './versionBytes.ts';

/** Larger versions are not extracted (FAILED with this limit as the reason). */
export const MAX_EXTRACT_BYTES = 512 * 1024 * 1024;
const SWEEP_BATCH = 1000;

export function textExtractionJob(deps: AreaDeps<'blobs' | 'jobs' | 'renditionBlobs' | 'renditions' | 'versions'>, extractor = new ExtractorPool()): JobHandler<TextJob> {
  const { repos } = deps;
  const files = new RenditionFiles(deps);
  const target = (job: TextJob) => ({ ...job, kind: TEXT_KIND });

  const record = async (job: TextJob, outcome: Extraction): Promise<void> => {
    if (outcome.status !== 'READY') {
      await files.setState(target(job), outcome.status, outcome.reason, TEXT_MIME, SYSTEM_ACTOR).catch(unlessPurged);
      return;
    }
    const staged = await repos.renditionBlobs.stage(Readable.from([Buffer.from(JSON.stringify(outcome.document))]), Number.MAX_SAFE_INTEGER);
    try {
      await files.attach(target(job), TEXT_MIME, staged, SYSTEM_ACTOR).catch(unlessPurged);
    } finally {
      await repos.renditionBlobs.discard(staged.tempPath);
    }
  };

  return {
    queue: TEXT_QUEUE,
    concurrency: extractor.size,
    maxAttempts: TEXT_JOB_ATTEMPTS,
    timeoutMs: 60 * 60_000,

    decode(payload: unknown): TextJob {
      const p = payload as Partial<TextJob> | null;
      if (typeof p?.tenantId !== 'string' || typeof p.versionId !== 'string') throw new Error('a text job names tenantId and versionId');
      return { tenantId: p.tenantId, versionId: p.versionId };
    },

    async run(job, signal) {
      const version = repos.versions.get(job.tenantId, job.versionId);
      if (!version) return;
      const current = repos.renditions.get(job.tenantId, job.versionId, TEXT_KIND);
      if (current && current.status !== 'PENDING') return;
      const same = repos.renditions.finishedForSameContent(job.tenantId, job.versionId, TEXT_KIND, version.contentHash, version.mimeType);
      if (same) {
        await files.copy(same, target(job), SYSTEM_ACTOR).catch(unlessPurged);
        return;
      }
      if (version.sizeBytes > MAX_EXTRACT_BYTES) {
        await record(job, { status: 'FAILED', reason: `the file is larger than ${MAX_EXTRACT_BYTES} bytes, the limit for text extraction` });
        return;
      }
      const bytes = await readVersion(deps, version);
      if (isTextFile(bytes, version.mimeType)) {
        const outcome = textFileExtraction(bytes);
        if (outcome.status !== 'READY') return record(job, outcome);
        await files.markReadyWithoutBytes(target(job), TEXT_IN_VERSION_MIME, SYSTEM_ACTOR).catch(unlessPurged);
        return;
      }
      let outcome: Extraction;
      try {
        outcome = await extractor.extract(bytes, version.mimeType, signal);
      } catch (err) {
        if (err instanceof ExtractorCrashed && err.outOfMemory) throw new PermanentJobError(err.message);
        throw err;
      }
      await record(job, outcome);
    },

    async giveUp(job, reason) {
      await files.setState(target(job), 'FAILED', reason, TEXT_MIME, SYSTEM_ACTOR).catch(unlessPurged);
    },

    /**
     * Queues versions that have no TEXT rendition, and PENDING ones whose job was lost, a batch at
     * a time, letting requests in between batches.
     */
    async sweep(signal) {
      for (const next of [
        (after: number) => repos.renditions.versionsWithout(TEXT_KIND, SWEEP_BATCH, after),
        (after: number) => repos.renditions.pendingWithoutLiveJob(TEXT_KIND, TEXT_QUEUE, SWEEP_BATCH, after),
      ]) {
        for (let after = 0; !signal.aborted; await yieldToRequests()) {
          const missing = next(after);
          await repos.units.transaction(async () => {
            for (const v of missing) await queueTextExtraction(repos, v);
          });
          if (missing.length < SWEEP_BATCH) break;
          after = (missing.at(-1) as { seq: number }).seq;
        }
      }
    },

    close: () => extractor.close(),
  };
}

/** Swallows the refusal to write a rendition for a version that was purged meanwhile; rethrows anything else. */
function unlessPurged(err: unknown): undefined {
  if (err instanceof ServiceError && err.value.name === 'SOURCE_VERSION_NOT_FOUND') return undefined;
  throw err;
}
