/**
 * Queues a version for text extraction: a PENDING TEXT rendition and a persisted job. Called inside
 * the finalize chain's unit of work, so a version never exists without both; enqueueing twice is
 * harmless.
 */
import type { Repos } from '../../store/repositories.ts';
import { TEXT_KIND, TEXT_MIME } from './textDocument.ts';

export const TEXT_QUEUE = 'text-extraction';
export const TEXT_JOB_ATTEMPTS = 3;
/** Who produced a server-made rendition. */
export const SYSTEM_ACTOR = 'system';

export interface TextJob {
  tenantId: string;
  versionId: string;
}

export async function queueTextExtraction(repos: Repos<'jobs' | 'renditions'>, version: TextJob): Promise<void> {
  repos.renditions.ensurePending(version.tenantId, version.versionId, TEXT_KIND, TEXT_MIME, SYSTEM_ACTOR);
  await repos.jobs.enqueue({ queue: TEXT_QUEUE, key: version.versionId, payload: { tenantId: version.tenantId, versionId: version.versionId }, maxAttempts: TEXT_JOB_ATTEMPTS });
}
