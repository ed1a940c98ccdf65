/**
 * Runs a job one at a time: asked while it runs, it runs once more when it ends, however often it
 * was asked meanwhile. The pair's loop runs its rounds so, and the daemon its passes over the
 * mirror and the outbox. The job handles its own failures: a rejection here is a bug.
 */
export class Coalescer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly job: () => Promise<void>) {}

  /** A run now, or right after the one under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.job().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves when the run under way (if any) and any run it queued are over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Starts no more runs; resolves when the one under way is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}
