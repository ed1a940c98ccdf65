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
 *   Every node runs a worker; an attempt in flight holds its node's lease on the delivery
 *   (main/jobs/nodeLease.ts), renewed while it runs, so no other node makes it at once. A node that
 *   dies mid-attempt lets the lease run out and another node makes one more attempt: never a lost
 *   delivery. A node that finds its lease taken over records nothing of its attempt.
 */
import PQueue from 'p-queue';
import type { NodeLease } from '../../jobs/nodeLease.ts';
import { OutboundError } from '../../net/errors.ts';
import { stderrLogger, type Logger } from '../../platform/log/logger.ts';
import type { SafeFetcher } from '../../net/fetcher.ts';
import type { OutboundSettings } from '../../net/settings.ts';
import type { Repos } from '../../store/repositories.ts';
import type { AttemptOutcome, DueDelivery } from '../../store/async/repos/webhookDeliveries.ts';
import { sign } from './signature.ts';

const CONCURRENCY = 4;
/** How often to look for due deliveries when nothing is known to be due sooner. */
const IDLE_POLL_MS = 5_000;
/** Floor between looks while every slot is busy; a finished attempt looks again at once anyway. */
const MIN_POLL_MS = 50;

export class DeliveryWorker {
  private readonly queue = new PQueue({ concurrency: CONCURRENCY });
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  /** The deliveries this node is attempting now. */
  private readonly inFlight = new Set<string>();
  private stopRenewing: (() => void) | undefined;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly repos: Repos<'webhookDeliveries'>,
    private readonly fetcher: SafeFetcher,
    private readonly settings: OutboundSettings,
    private readonly lease: NodeLease,
    private readonly log: Logger = stderrLogger('error'),
  ) {}

  start(): void {
    this.running = true;
    this.stopRenewing = this.lease.renewing(() => this.renew(), this.log);
    this.schedule(0);
  }

  /** New deliveries were queued: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops claiming, cuts the attempts in flight short (their leases given back) and waits until they have let go. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    this.stopping.abort();
    await this.queue.onIdle();
    this.stopRenewing?.();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.ticking) return this.schedule(MIN_POLL_MS);
      this.ticking = this.tick().finally(() => (this.ticking = undefined));
    }, Math.max(0, delayMs));
    this.timer.unref();
  }

  /** Never rejects: a database that fails is logged and looked at again at the next poll. */
  private async tick(): Promise<void> {
    if (!this.running) return;
    try {
      await this.takeDue();
      const next = await this.repos.webhookDeliveries.nextDueAt();
      if (this.running) this.schedule(next === null ? IDLE_POLL_MS : Math.min(IDLE_POLL_MS, Math.max(MIN_POLL_MS, next - Date.now())));
    } catch (err) {
      this.log.error({ err }, 'webhook delivery worker failed');
      if (this.running) this.schedule(IDLE_POLL_MS);
    }
  }

  /** Claims only as many deliveries as can start now, so a lease never runs out while waiting in line. */
  private async takeDue(): Promise<void> {
    const free = CONCURRENCY - this.queue.size - this.queue.pending;
    if (free <= 0) return;
    for (const delivery of await this.repos.webhookDeliveries.claimDue(this.lease.from(), free)) {
      // This node's own earlier claim ran out and it claimed the delivery again while still attempting it: the attempt goes on.
      if (this.inFlight.has(delivery.deliveryId)) continue;
      if (!this.running) {
        await this.repos.webhookDeliveries.release(delivery.deliveryId, this.lease.owner);
        continue;
      }
      this.inFlight.add(delivery.deliveryId);
      void this.queue
        .add(() => this.settle(delivery))
        .finally(() => {
          this.inFlight.delete(delivery.deliveryId);
          this.kick();
        });
    }
  }

  /** Renews the leases of the attempts in flight here. */
  private async renew(): Promise<void> {
    if (this.inFlight.size === 0) return;
    await this.repos.webhookDeliveries.renew([...this.inFlight], this.lease.owner, this.lease.from().until);
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
        await this.repos.webhookDeliveries.release(delivery.deliveryId, this.lease.owner);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      outcome =
        err instanceof OutboundError && err.value.name === 'URL_FORBIDDEN'
          ? { status: 'FAILED', nextAttemptAt: 0, statusCode: 0, error: message }
          : this.retryOrGiveUp(delivery, 0, message);
    }
    if (!(await this.repos.webhookDeliveries.recordAttempt(delivery.deliveryId, this.lease.owner, outcome))) {
      this.log.warn({ deliveryId: delivery.deliveryId }, 'webhook delivery: the lease was taken over during the attempt; its outcome is not recorded');
    }
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
