/**
 * Whether the service is reachable, detected rather than configured: a request that cannot reach
 * it flips the state to offline, and from then on a probe, backing off exponentially, asks again
 * until an answer flips it back.
 */
export interface ConnectivityOptions {
  /** One cheap request; resolves true when the service answered (with any envelope). */
  probe: () => Promise<boolean>;
  minDelayMs: number;
  maxDelayMs: number;
  onChange?: (online: boolean) => void;
}

export class Connectivity {
  private state = true;
  private reason = '';
  private changedAt = new Date();
  private timer: NodeJS.Timeout | null = null;
  private delay: number;
  private stopped = false;

  constructor(private readonly o: ConnectivityOptions) {
    this.delay = o.minDelayMs;
  }

  get online(): boolean {
    return this.state;
  }

  snapshot(): { online: boolean; since: string; reason: string; nextProbeMs: number } {
    return { online: this.state, since: this.changedAt.toISOString(), reason: this.reason, nextProbeMs: this.state ? 0 : this.delay };
  }

  /** A request could not reach the service. */
  markOffline(reason: string): void {
    this.reason = reason;
    if (!this.state) return;
    this.set(false);
    this.delay = this.o.minDelayMs;
    this.schedule();
  }

  /** The service answered. */
  markOnline(): void {
    if (this.state) return;
    this.reason = '';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.set(true);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(online: boolean): void {
    this.state = online;
    this.changedAt = new Date();
    this.o.onChange?.(online);
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.o.probe().then(
        (answered) => this.afterProbe(answered),
        () => this.afterProbe(false),
      );
    }, this.delay);
  }

  private afterProbe(answered: boolean): void {
    if (this.stopped || this.state) return;
    if (answered) {
      this.markOnline();
      return;
    }
    this.delay = Math.min(this.o.maxDelayMs, this.delay * 2);
    this.schedule();
  }
}
