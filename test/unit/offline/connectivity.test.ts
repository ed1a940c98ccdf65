/** Connectivity is detected: a failure flips it offline, and a probe that backs off flips it back. */
import { describe, expect, it } from 'vitest';
import { Connectivity } from '../../../main/offline/connectivity.ts';

describe('Connectivity', () => {
  it('probes with a doubling delay, capped, until the service answers', async () => {
    const probes: number[] = [];
    const changes: boolean[] = [];
    let answer = false;
    const start = Date.now();
    const c = new Connectivity({
      probe: async () => {
        probes.push(Date.now() - start);
        return answer;
      },
      minDelayMs: 20,
      maxDelayMs: 80,
      onChange: (online) => changes.push(online),
    });
    expect(c.online).toBe(true);
    c.markOffline('connect ECONNREFUSED');
    expect(c.snapshot()).toMatchObject({ online: false, reason: 'connect ECONNREFUSED' });
    await new Promise((r) => setTimeout(r, 400));
    expect(probes.length).toBeGreaterThanOrEqual(4);
    const gaps = probes.slice(1).map((t, i) => t - (probes[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(Math.max(...gaps)).toBeLessThan(80 + 60);
    answer = true;
    await new Promise((r) => setTimeout(r, 150));
    expect(c.online).toBe(true);
    expect(changes).toEqual([false, true]);
    const count = probes.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(probes.length).toBe(count);
    c.stop();
  });

  it('a second failure while offline does not start a second probe', async () => {
    let probes = 0;
    const c = new Connectivity({ probe: async () => (probes++, false), minDelayMs: 30, maxDelayMs: 30 });
    c.markOffline('a');
    c.markOffline('b');
    c.markOffline('c');
    await new Promise((r) => setTimeout(r, 100));
    expect(probes).toBeLessThanOrEqual(3);
    expect(c.snapshot().reason).toBe('c');
    c.stop();
    const after = probes;
    await new Promise((r) => setTimeout(r, 100));
    expect(probes).toBe(after);
  });
});
