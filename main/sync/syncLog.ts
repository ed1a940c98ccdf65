/**
 * What a sync pair's work looks like in the desktop's log file (docs/operations.md): a line per
 * round with its counts and duration, a line per transfer, and an error line for every operation
 * that failed, with the service's code and request id when the service refused it. Paths are the
 * pair's relative ones; no content and no credential is ever passed here.
 */
import type { Logger } from '../platform/log/logger.ts';
import type { LeftOutChange, OpFailure, SyncSummary } from './engine.ts';
import type { TransferReport } from './executor.ts';
import type { Round } from './loop.ts';

/** How many of a round's error messages its line carries; each failed operation has its own line. */
const ROUND_ERRORS_SHOWN = 20;

export class SyncLog {
  constructor(private readonly log: Logger) {}

  round(pair: string, s: SyncSummary, durationMs: number): void {
    const line = {
      pair,
      uploaded: s.uploaded,
      downloaded: s.downloaded,
      moved: s.moved,
      deleted: s.deleted,
      conflicts: s.conflicts,
      rounds: s.rounds,
      converged: s.converged,
      duration: durationMs,
      ...(s.blocked ? { blocked: s.blocked } : {}),
      ...(s.errors.length > 0 ? { errorCount: s.errors.length, errors: s.errors.slice(0, ROUND_ERRORS_SHOWN) } : {}),
    };
    if (s.errors.length > 0 || s.blocked) this.log.warn(line, 'sync round');
    else this.log.info(line, 'sync round');
  }

  /** A round of a pair's loop, logged as it ended. */
  loopRound(pair: string, r: Round): void {
    const durationMs = Date.now() - r.startedAt;
    if (r.outcome.kind === 'summary') this.round(pair, r.outcome.summary, durationMs);
    else this.roundFailed(pair, r.outcome.kind, r.outcome.reason, durationMs);
  }

  /** A round that ended without a summary: the service is away (warn), or a failure (error). */
  roundFailed(pair: string, kind: 'offline' | 'error', reason: string, durationMs: number): void {
    const line = { pair, reason, duration: durationMs };
    if (kind === 'offline') this.log.warn(line, 'sync round: service unreachable');
    else this.log.error(line, 'sync round failed');
  }

  transfer(pair: string, t: TransferReport): void {
    const { ms, ...rest } = t;
    const line = { pair, ...rest, duration: ms };
    if (t.result === 'failed') this.log.error(line, 'transfer');
    else this.log.info(line, 'transfer');
  }

  /** What the pair leaves out, as it changes: a line per item, never the same one round after round. */
  leftOut(pair: string, change: LeftOutChange): void {
    for (const l of change.added) this.log.warn({ pair, ...l }, 'left out');
    for (const l of change.cleared) this.log.info({ pair, ...l }, 'no longer left out');
  }

  failure(pair: string, f: OpFailure): void {
    this.log.error({ pair, ...f }, 'operation failed');
  }
}
