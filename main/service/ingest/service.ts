/**
 * Ingest from URL (spec 4.2): the server fetches a URL through the SSRF-safe fetcher and creates a
 * version through the same finalize chain as uploads.
 *
 * Sync or async: a size known up front (declaredSizeBytes, else the response's Content-Length)
 * of at most `ingestSyncMaxBytes` is fetched within the request (sync_completed). Anything larger
 * or of unknown size becomes a persisted task (async_accepted); when the size was learnt from an
 * open response, that response is handed to the task rather than fetched twice. The task marks
 * itself SUCCEEDED in the finalize transaction; the finalize chain publishes document.updated,
 * with the task's id, as it does for every new version.
 *
 * Ceiling: a declaredSizeBytes above `ingestMaxBytes` is refused before any request; a
 * Content-Length above the limit before the body is read; a body is cut off once it passes the
 * limit. The limit is the declared size when there is one, else the ceiling.
 *
 * Quota: the declared size and the Content-Length are checked against the tenant's quota before
 * the body is read, the body is cut off once it passes the room left, and finalize charges the
 * real content (main/service/limits/quota.ts).
 */
import type { IngestRequest, IngestResult } from '../../../shared/v1/ingest.ts';
import type { FetchedResponse, SafeFetcher } from '../../net/fetcher.ts';
import { outboundError } from '../../net/errors.ts';
import { MAX_REDIRECTS } from '../../net/settings.ts';
import type { StagedBlob } from '../../store/blobStore.ts';
import type { TaskRecord } from '../../store/async/repos/tasks.ts';
import type { UploadTarget } from '../../store/repos/uploads.ts';
import type { AreaDeps } from '../kernel.ts';
import type { MetadataRepos } from '../forms/metadata.ts';
import type { DocumentService } from '../documents/service.ts';
import { actorOf, type AuthMode, type RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { DEFAULT_RUNNER_OPTIONS, TaskRunner, type TaskRun } from '../tasks/runner.ts';
import { admitDeclared, stageWithinQuota } from '../limits/quota.ts';
import { OCTET_STREAM, parseMediaType } from '../mediaType.ts';
import { asTaskRun } from '../versions/announce.ts';
import { finalizeVersion, type FinalizeRepos } from '../versions/finalize.ts';
import { toVersionResult } from '../versions/view.ts';
import { resolveTarget, factsOfTarget, type TargetInput } from '../versions/target.ts';
import { asServiceError } from './errors.ts';
import { targetForm } from './targetForm.ts';

/** What an async ingest task keeps, to run (again, after a restart) without the request. */
interface IngestTaskInput {
  url: string;
  target: TargetInput;
  declaredSizeBytes: number | null;
}

export class IngestService {
  private readonly runner: TaskRunner;

  constructor(
    private readonly deps: AreaDeps<FinalizeRepos | MetadataRepos | 'tasks'>,
    private readonly documents: DocumentService,
    private readonly fetcher: SafeFetcher,
  ) {
    const pollMs = deps.leadership.pollMs;
    this.runner = new TaskRunner(deps.repos, { INGEST_FROM_URL: (task, run) => this.run(task, run) }, deps.lease, { ...DEFAULT_RUNNER_OPTIONS, ...(pollMs ? { pollMs } : {}) }, deps.log);
  }

  /** Starts the task runner: this node claims tasks with the others (main/service/tasks/runner.ts). */
  start(): void {
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  async fromUrl(ctx: RequestContext, req: IngestRequest): Promise<IngestResult> {
    const settings = this.deps.config.outbound;
    const input: IngestTaskInput = { url: req.url, target: targetForm(req), declaredSizeBytes: req.declaredSizeBytes ?? null };
    try {
      this.fetcher.check(req.url);
    } catch (err) {
      throw asServiceError(err);
    }
    if (input.declaredSizeBytes !== null && input.declaredSizeBytes > settings.ingestMaxBytes) {
      fail('FETCH_TOO_LARGE', `declaredSizeBytes ${input.declaredSizeBytes} is above the ingest ceiling of ${settings.ingestMaxBytes} bytes`, {
        limit: settings.ingestMaxBytes,
        field: 'declaredSizeBytes',
      });
    }
    const target = await resolveTarget(this.documents, ctx, input.target, await factsOfTarget(this.deps, ctx, input.target));
    admitDeclared(this.deps.repos, ctx.tenantId, input.declaredSizeBytes);
    if (input.declaredSizeBytes !== null) {
      if (input.declaredSizeBytes > settings.ingestSyncMaxBytes) return await this.accept(ctx, input);
      return this.completeNow(ctx, target, input, await this.open(ctx.tenantId, input));
    }
    const response = await this.open(ctx.tenantId, input);
    if (response.contentLength !== null && response.contentLength <= settings.ingestSyncMaxBytes) {
      return this.completeNow(ctx, target, input, response);
    }
    return this.accept(ctx, input, response);
  }

  private async completeNow(ctx: RequestContext, target: UploadTarget, input: IngestTaskInput, response: FetchedResponse): Promise<IngestResult> {
    const typed = withServedType(target, input, response);
    const staged = await this.stage(ctx.tenantId, input, response);
    try {
      const result = await finalizeVersion(this.deps, this.documents, ctx, typed, staged);
      return { mode: 'sync_completed', syncResult: result, taskId: '', taskStatus: '' };
    } finally {
      await this.deps.repos.blobs.discard(staged.tempPath);
    }
  }

  private async accept(ctx: RequestContext, input: IngestTaskInput, response?: FetchedResponse): Promise<IngestResult> {
    const task = await this.deps.repos.tasks.create({
      tenantId: ctx.tenantId,
      kind: 'INGEST_FROM_URL',
      input: JSON.stringify(input),
      clientId: ctx.clientId,
      userId: ctx.userId,
      authMode: ctx.mode,
      createBy: actorOf(ctx),
    });
    const accepted = this.runner.submit(task.taskId, response && ((t, run) => this.run(t, run, response)));
    if (!accepted) response?.body.destroy();
    const status = (await this.deps.repos.tasks.get(ctx.tenantId, task.taskId))?.status ?? task.status;
    return { mode: 'async_accepted', syncResult: null, taskId: task.taskId, taskStatus: status };
  }

  /** One run of an async ingest, under the context of whoever asked; permission is checked again. */
  private async run(task: TaskRecord, taskRun: TaskRun, opened?: FetchedResponse): Promise<void> {
    const { signal } = taskRun;
    const input = JSON.parse(task.input) as IngestTaskInput;
    const ctx: RequestContext = { tenantId: task.tenantId, clientId: task.clientId, userId: task.userId, mode: task.authMode as AuthMode };
    const cancel = () => opened?.body.destroy(outboundError('FETCH_FAILED', 'the fetch was cancelled', { reason: 'cancelled' }));
    signal.addEventListener('abort', cancel);
    try {
      const target = await resolveTarget(this.documents, ctx, input.target, await factsOfTarget(this.deps, ctx, input.target));
      const response = opened ?? (await this.open(task.tenantId, input, signal));
      const typed = withServedType(target, input, response);
      const staged = await this.stage(task.tenantId, input, response);
      try {
        await asTaskRun(task.taskId, () => finalizeVersion(this.deps, this.documents, ctx, typed, staged, (v) => taskRun.succeed(toVersionResult(v))));
      } finally {
        await this.deps.repos.blobs.discard(staged.tempPath);
      }
    } catch (err) {
      opened?.body.destroy();
      throw asServiceError(err);
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** Opens the URL and refuses, before its body is read, any answer but a 2xx, and a Content-Length over the tenant's quota. */
  private async open(tenantId: string, input: IngestTaskInput, signal?: AbortSignal): Promise<FetchedResponse> {
    const settings = this.deps.config.outbound;
    let response: FetchedResponse;
    try {
      response = await this.fetcher.request(input.url, {
        method: 'GET',
        maxRedirects: MAX_REDIRECTS,
        maxBytes: input.declaredSizeBytes ?? settings.ingestMaxBytes,
        timeoutMs: settings.ingestTimeoutMs,
        idleTimeoutMs: settings.fetchIdleTimeoutMs,
        signal,
      });
    } catch (err) {
      throw asServiceError(err);
    }
    if (response.status < 200 || response.status > 299) {
      response.body.destroy();
      fail('FETCH_FAILED', `the source answered HTTP ${response.status}`, { status: response.status, url: response.url });
    }
    try {
      admitDeclared(this.deps.repos, tenantId, response.contentLength);
    } catch (err) {
      response.body.destroy();
      throw err;
    }
    return response;
  }

  /** Stores the body as it arrives, cut off past the size limit or the tenant's quota. */
  private async stage(tenantId: string, input: IngestTaskInput, response: FetchedResponse): Promise<StagedBlob> {
    try {
      return await stageWithinQuota(this.deps.repos, tenantId, response.body, input.declaredSizeBytes ?? this.deps.config.outbound.ingestMaxBytes);
    } catch (err) {
      throw asServiceError(err);
    }
  }
}

/**
 * Without an explicit mimeType, the type the source served (without its parameters) beats a guess
 * from the file name. A served type that is not a media type is refused before the body is read:
 * stored, it would be echoed on every download. The caller can name the type instead.
 */
function withServedType(target: UploadTarget, input: IngestTaskInput, response: FetchedResponse): UploadTarget {
  if (input.target.mimeType || !response.contentType) return target;
  const served = parseMediaType(response.contentType);
  if (!served) {
    response.body.destroy();
    fail('VALIDATION', `the source served Content-Type ${JSON.stringify(response.contentType)}, which is not a media type (RFC 9110); give mimeType to set the type yourself`, {
      field: 'mimeType',
    });
  }
  if (served.essence === OCTET_STREAM) return target;
  return { ...target, mimeType: served.essence };
}
