/**
 * Where a node is in its life, for the load balancer: serving, or draining after SIGTERM. A
 * draining node still finishes what it has, but /readyz tells the balancer to send nothing new.
 */
export class Lifecycle {
  private stopping = false;

  get draining(): boolean {
    return this.stopping;
  }

  drain(): void {
    this.stopping = true;
  }
}
