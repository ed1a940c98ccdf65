/**
 * A readiness check whose answer is kept a little while. A balancer probes every node every half
 * second, and several balancers or a burst of probes would each cost the bucket a HEAD: here the
 * probes that arrive while a check runs share it, and its answer stands for `ttlMs` after it came.
 */
export type Check = 'ok' | 'failing';

export class CachedCheck {
  private running: Promise<Check> | undefined;
  private last: { at: number; answer: Check } | undefined;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly ttlMs: number,
  ) {}

  answer(): Promise<Check> {
    if (this.last && Date.now() - this.last.at < this.ttlMs) return Promise.resolve(this.last.answer);
    this.running ??= this.probe().then(
      () => this.settle('ok'),
      () => this.settle('failing'),
    );
    return this.running;
  }

  private settle(answer: Check): Check {
    this.last = { at: Date.now(), answer };
    this.running = undefined;
    return answer;
  }
}
