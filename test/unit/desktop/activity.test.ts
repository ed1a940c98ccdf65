import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/desktop/api.ts';
import { ActivityLog } from '../../../main/desktop/activity.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ActivityLog', () => {
  it('one entry per transfer, updated in place until done; round progress adds them up', () => {
    const sent: ActivityEntry[] = [];
    const log = new ActivityLog({ onEntry: (e) => sent.push(e), throttleMs: 0 });
    log.startRound('p');
    log.progress('p', 'a.txt', 0, 100, 'upload');
    log.progress('p', 'a.txt', 50, 100, 'upload');
    log.progress('p', 'b.txt', 10, 10, 'download');
    expect(log.roundProgress('p')).toEqual({ filesDone: 1, filesTotal: 2, bytesDone: 60, bytesTotal: 110 });
    log.progress('p', 'a.txt', 100, 100, 'upload');
    expect(log.roundProgress('p')).toEqual({ filesDone: 2, filesTotal: 2, bytesDone: 110, bytesTotal: 110 });
    const { entries } = log.list();
    expect(entries.map((e) => [e.path, e.direction, e.state, e.bytesDone])).toEqual([
      ['a.txt', 'upload', 'done', 100],
      ['b.txt', 'download', 'done', 10],
    ]);
    expect(sent.filter((e) => e.path === 'a.txt').every((e) => e.direction === 'upload')).toBe(true);
    expect(new Set(sent.map((e) => e.seq))).toEqual(new Set([1, 2]));
    log.close();
  });

  it('takes the transfer layer\'s confirmation of a finished transfer for the same transfer; the next round\'s is a new one', () => {
    const log = new ActivityLog({ onEntry: () => {}, throttleMs: 0 });
    log.startRound('p');
    log.progress('p', 'small.txt', 7, 7, 'upload');
    log.progress('p', 'small.txt', 7, 7, 'upload');
    expect(log.list().entries).toHaveLength(1);
    expect(log.roundProgress('p')).toEqual({ filesDone: 1, filesTotal: 1, bytesDone: 7, bytesTotal: 7 });
    log.startRound('p');
    log.progress('p', 'small.txt', 7, 7, 'upload');
    expect(log.list().entries).toHaveLength(2);
    log.close();
  });

  it('throttles progress updates but always sends the final state at once', async () => {
    const sent: ActivityEntry[] = [];
    const log = new ActivityLog({ onEntry: (e) => sent.push(e), throttleMs: 50 });
    for (let i = 0; i < 1000; i++) log.progress('p', 'big.bin', i, 1000, 'download');
    expect(sent.length).toBeLessThan(5);
    log.progress('p', 'big.bin', 1000, 1000, 'download');
    expect(sent.at(-1)).toMatchObject({ state: 'done', bytesDone: 1000 });
    await sleep(80);
    expect(sent.at(-1)).toMatchObject({ state: 'done' });
    log.close();
  });

  it('transfers a round left running end as failed, with the round\'s error', () => {
    const log = new ActivityLog({ onEntry: () => {}, throttleMs: 0 });
    log.progress('p', 'a.txt', 5, 10, 'upload');
    log.progress('q', 'b.txt', 5, 10, 'upload');
    log.endRound('p', ['upload x: a.txt changed since it was scanned']);
    const byPath = Object.fromEntries(log.list().entries.map((e) => [e.path, e]));
    expect(byPath['a.txt']).toMatchObject({ state: 'failed', message: 'upload x: a.txt changed since it was scanned' });
    expect(byPath['b.txt']).toMatchObject({ state: 'running' });
    log.close();
  });

  it('records deletes as deletes and moves as moves (not as a "change"), named by the side they reached, outside round progress', () => {
    const log = new ActivityLog({ onEntry: () => {}, throttleMs: 0 });
    log.startRound('p');
    log.change('p', { type: 'deleteRemote', path: 'old.txt' });
    log.change('p', { type: 'deleteLocal', path: 'gone/x.txt' });
    log.change('p', { type: 'moveRemote', path: 'b/n.txt', from: 'a/n.txt' });
    log.change('p', { type: 'moveLocal', path: 'top.txt', from: 'deep/top.txt' });
    expect(log.list().entries.map((e) => [e.kind, e.direction, e.path, e.state, e.message])).toEqual([
      ['delete', 'deleteOnService', 'old.txt', 'done', ''],
      ['delete', 'deleteHere', 'gone/x.txt', 'done', ''],
      ['move', 'moveOnService', 'b/n.txt', 'done', 'from a/n.txt'],
      ['move', 'moveHere', 'top.txt', 'done', 'from deep/top.txt'],
    ]);
    expect(log.roundProgress('p')).toEqual({ filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 });
    log.close();
  });

  it("measures a running transfer's speed from its progress once a second of it is known, and drops it when the transfer ends", () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const log = new ActivityLog({ onEntry: () => {}, throttleMs: 0, now: () => new Date(clock) });
    const speed = () => log.list().entries[0]?.bytesPerSecond;
    log.progress('p', 'big.bin', 0, 10_000_000, 'download');
    expect(speed()).toBeUndefined();
    clock += 500;
    log.progress('p', 'big.bin', 500_000, 10_000_000, 'download');
    expect(speed()).toBeUndefined();
    clock += 1500;
    log.progress('p', 'big.bin', 2_000_000, 10_000_000, 'download');
    expect(speed()).toBe(1_000_000);
    // Only the last seconds count: a transfer that slowed down says so.
    for (let i = 0; i < 10; i++) {
      clock += 1000;
      log.progress('p', 'big.bin', 2_000_000 + (i + 1) * 100_000, 10_000_000, 'download');
    }
    expect(speed()).toBeGreaterThanOrEqual(100_000);
    expect(speed()).toBeLessThan(150_000);
    clock += 1000;
    log.progress('p', 'big.bin', 10_000_000, 10_000_000, 'download');
    expect(log.list().entries[0]).toMatchObject({ state: 'done' });
    expect(speed()).toBeUndefined();
    log.close();
  });

  it('keeps the newest entries up to its capacity; list pages after a seq', () => {
    const log = new ActivityLog({ onEntry: () => {}, capacity: 100 });
    for (let i = 0; i < 250; i++) log.add({ pairId: 'p', path: `f${i}`, kind: 'round', direction: 'none', state: 'done', bytesDone: 0, bytesTotal: 0, message: '' });
    const all = log.list(0, 100_000);
    expect(all.entries).toHaveLength(100);
    expect(all.entries[0]?.path).toBe('f150');
    expect(all.lastSeq).toBe(250);
    expect(log.list(240).entries.map((e) => e.seq)).toEqual([241, 242, 243, 244, 245, 246, 247, 248, 249, 250]);
    expect(log.list(0, 3).entries.map((e) => e.seq)).toEqual([248, 249, 250]);
  });
});
