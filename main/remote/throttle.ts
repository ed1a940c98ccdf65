/**
 * A token bucket shared by the transfers of one direction: the bandwidth limit setting. It starts
 * empty and holds at most a quarter second of budget, so a transfer of N bytes never takes less
 * than N / limit seconds, and an idle moment buys only a small burst.
 */
import { sleep } from './client.ts';

const BURST_SECONDS = 0.25;
/** The most bytes sent between two looks at the bucket: small enough to keep the rate smooth. */
const MAX_PIECE = 64 * 1024;

export class Throttle {
  private available = 0;
  private last = Date.now();

  /** bytesPerSecond 0 means no limit. */
  constructor(private bytesPerSecond: number) {}

  get limit(): number {
    return this.bytesPerSecond;
  }

  setLimit(bytesPerSecond: number): void {
    this.bytesPerSecond = bytesPerSecond;
    this.available = Math.min(this.available, bytesPerSecond * BURST_SECONDS);
  }

  /** How many bytes to send between two calls to take(). */
  pieceSize(): number {
    if (this.bytesPerSecond <= 0) return MAX_PIECE;
    return Math.max(1024, Math.min(MAX_PIECE, Math.floor(this.bytesPerSecond * BURST_SECONDS)));
  }

  /** Waits until `bytes` may be sent. Concurrent callers queue up: each one's debt delays the next. */
  async take(bytes: number): Promise<void> {
    if (this.bytesPerSecond <= 0) return;
    const now = Date.now();
    this.available = Math.min(this.bytesPerSecond * BURST_SECONDS, this.available + ((now - this.last) / 1000) * this.bytesPerSecond);
    this.last = now;
    this.available -= bytes;
    if (this.available < 0) await sleep((-this.available / this.bytesPerSecond) * 1000);
  }
}
