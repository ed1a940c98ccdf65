/** The bandwidth limit's token bucket. */
import { describe, expect, it } from 'vitest';
import { Throttle } from '../../../main/remote/throttle.ts';

describe('throttle', () => {
  it('never lets N bytes through in less than N / limit seconds, from a cold start', async () => {
    const t = new Throttle(200_000);
    const started = performance.now();
    for (let i = 0; i < 10; i++) await t.take(10_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('holds the limit across concurrent takers', async () => {
    const t = new Throttle(400_000);
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, () => (async () => { for (let i = 0; i < 5; i++) await t.take(5_000); })()));
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('does not wait at all without a limit', async () => {
    const t = new Throttle(0);
    const started = performance.now();
    await t.take(1e12);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('sends pieces small enough to keep a slow rate smooth', () => {
    expect(new Throttle(4_000).pieceSize()).toBe(1024);
    expect(new Throttle(100_000).pieceSize()).toBe(25_000);
    expect(new Throttle(1e9).pieceSize()).toBe(64 * 1024);
  });
});
