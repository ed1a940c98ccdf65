/**
 * Sends persisted webhook deliveries: signed POSTs through the SSRF-safe fetcher, at most a few
 * at a time, retried with exponential backoff.
 *
 * - 2xx: SUCCEEDED. Anything else (another status, a time-out, a refused connection): the attempt
 *   is counted and the next one is due `retryBase * 3^(attempts-1)` later; after `maxAttempts`
 *   the delivery is FAILED. A URL whose address is forbidden fails at once: retrying cannot help.
 * - Redirects are not followed: a 3xx counts as a failed attempt.
 * - `webhook-id` is the delivery id, the same on every attempt, so receivers can drop repeats;
 *   `webhook-timestamp` is the time of the attempt, and the signature is made per attempt.
 * - Every due time is in the database: a restarted service resumes where the last one stopped.
 *   An attempt in flight holds a lease (its due time pushed past the attempt's deadline), so a
 *   crash mid-attempt means one more attempt later, never a lost delivery.
 */
import PQueue from 'p-queue';
import { OutboundError } from '../../net/errors.ts';
import { stderrLogger, type Logger } from '../../platform/log/logger.ts';
import type { SafeFetcher } from '../../net/fetcher.ts';
import type { OutboundSettings } from '../../net/settings.ts';
import type { Repos } from '../../store/repositories.ts';
import type { AttemptOutcome, DueDelivery } from '../../store/repos/webhookDeliveries.ts';
import { sign } from './signature.ts';

const CONCURRENCY = 4;
/** How often to look for due deliveries when nothing is known to be due sooner. */
const IDLE_POLL_MS = 5_000;
/** Floor between looks while every slot is busy; a finished attempt looks again at once anyway. */
const MIN_POLL_MS = 50;
const LEASE_MARGIN_MS = 5_000;

export class DeliveryWorker {
  private readonly queue = new PQueue({ concurrency: CONCURRENCY });
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly repos: Repos<'webhookDeliveries'>,
    private readonly fetcher: SafeFetcher,
    private readonly settings: OutboundSettings,
    private readonly log: Logger = stderrLogger('error'),
  ) {}

  start(): void {
    this.running = true;
    this.schedule(0);
  }

  /** New deliveries were queued: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.queue.clear();
    this.stopping.abort();
    await this.queue.onIdle();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private tick(): void {
    if (!this.running) return;
    try {
      this.takeDue();
      const next = this.repos.webhookDeliveries.nextDueAt();
      this.schedule(next === null ? IDLE_POLL_MS : Math.min(IDLE_POLL_MS, Math.max(MIN_POLL_MS, next - Date.now())));
    } catch (err) {
      this.log.error({ err }, 'webhook delivery worker failed');
      this.schedule(IDLE_POLL_MS);
    }
  }

  /** Leases only as many deliveries as can start now, so a lease never expires while waiting in line. */
  private takeDue(): void {
    const free = CONCURRENCY - this.queue.size - this.queue.pending;
    if (free <= 0) return;
    const now = Date.now();
    const leaseUntil = now + this.settings.webhookTimeoutMs + LEASE_MARGIN_MS;
    for (const delivery of this.repos.webhookDeliveries.due(now, free)) {
      if (!this.repos.webhookDeliveries.lease(delivery.deliveryId, delivery.nextAttemptAt, leaseUntil)) continue;
      void this.queue.add(() => this.settle(delivery)).finally(() => this.kick());
    }
  }

  /**
   * Makes one attempt, and never rejects: the database can fail as the attempt is recorded, and a
   * rejection nobody handles would end the process. The delivery's lease then runs out and the
   * attempt is made again.
   */
  private settle(delivery: DueDelivery): Promise<void> {
    return this.attempt(delivery).catch((err: unknown) => this.log.error({ err, deliveryId: delivery.deliveryId }, 'webhook delivery: recording an attempt failed'));
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = Buffer.from(delivery.payload);
    let outcome: AttemptOutcome;
    try {
      const res = await this.fetcher.request(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'webhook-id': delivery.deliveryId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(delivery.secret, delivery.deliveryId, timestamp, delivery.payload),
        },
        body,
        maxRedirects: 0,
        maxBytes: Number.MAX_SAFE_INTEGER,
        timeoutMs: this.settings.webhookTimeoutMs,
        idleTimeoutMs: this.settings.webhookTimeoutMs,
        signal: this.stopping.signal,
      });
      res.body.destroy();
      outcome = res.status >= 200 && res.status <= 299 ? done(res.status) : this.retryOrGiveUp(delivery, res.status, `receiver answered HTTP ${res.status}`);
    } catch (err) {
      if (!this.running) {
        this.repos.webhookDeliveries.release(delivery.deliveryId, Date.now());
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      outcome =
        err instanceof OutboundError && err.value.name === 'URL_FORBIDDEN'
          ? { status: 'FAILED', nextAttemptAt: 0, statusCode: 0, error: message }
          : this.retryOrGiveUp(delivery, 0, message);
    }
    this.repos.webhookDeliveries.recordAttempt(delivery.deliveryId, outcome);
  }

  private retryOrGiveUp(delivery: DueDelivery, statusCode: number, error: string): AttemptOutcome {
    const attempts = delivery.attempts + 1;
    if (attempts >= this.settings.webhookMaxAttempts) return { status: 'FAILED', nextAttemptAt: 0, statusCode, error };
    return { status: 'PENDING', nextAttemptAt: Date.now() + this.settings.webhookRetryBaseMs * 3 ** (attempts - 1), statusCode, error };
  }
}

function done(statusCode: number): AttemptOutcome {
  return { status: 'SUCCEEDED', nextAttemptAt: 0, statusCode, error: '' };
}
