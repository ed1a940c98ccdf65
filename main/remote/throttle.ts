/** A token bucket shared by the transfers of one direction: the bandwidth limit setting. */
import { sleep } from './client.ts';

export class Throttle {
  private available: number;
  private last = Date.now();

  /** bytesPerSecond 0 means no limit. */
  constructor(private bytesPerSecond: number) {
    this.available = bytesPerSecond;
  }

  setLimit(bytesPerSecond: number): void {
    this.bytesPerSecond = bytesPerSecond;
    this.available = Math.min(this.available, bytesPerSecond);
  }

  /** Waits until `bytes` may be sent. A request larger than a second's budget waits proportionally. */
  async take(bytes: number): Promise<void> {
    if (this.bytesPerSecond <= 0) return;
    const now = Date.now();
    this.available = Math.min(this.bytesPerSecond, this.available + ((now - this.last) / 1000) * this.bytesPerSecond);
    this.last = now;
    this.available -= bytes;
    if (this.available < 0) await sleep((-this.available / this.bytesPerSecond) * 1000);
  }
}
