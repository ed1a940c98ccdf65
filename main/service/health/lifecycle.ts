/**
 * Where a node is in its life, for the load balancer: serving, or draining after SIGTERM. A
 * draining node still finishes what it has, but /readyz tells the balancer to send nothing new.
 */
export class Lifecycle {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  drain(): void {
    this.drainingSince ??= Date.now();
  }
}
