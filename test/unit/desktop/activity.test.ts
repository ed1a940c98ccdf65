import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/desktop/api.ts';
import { ActivityLog } from '../../../main/desktop/activity.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ActivityLog', () => {
  it('one entry per transfer, updated in place until done; round progress adds them up', () => {
    const sent: ActivityEntry[] = [];
    const log = new ActivityLog({ onEntry: (e) => sent.push(e), throttleMs: 0 });
    log.startRound('p');
    log.progress('p', 'a.txt', 0, 100);
    log.progress('p', 'a.txt', 50, 100);
    log.progress('p', 'b.txt', 10, 10);
    expect(log.roundProgress('p')).toEqual({ filesDone: 1, filesTotal: 2, bytesDone: 60, bytesTotal: 110 });
    log.progress('p', 'a.txt', 100, 100);
    expect(log.roundProgress('p')).toEqual({ filesDone: 2, filesTotal: 2, bytesDone: 110, bytesTotal: 110 });
    const { entries } = log.list();
    expect(entries.map((e) => [e.path, e.state, e.bytesDone])).toEqual([
      ['a.txt', 'done', 100],
      ['b.txt', 'done', 10],
    ]);
    expect(new Set(sent.map((e) => e.seq))).toEqual(new Set([1, 2]));
    log.close();
  });

  it('throttles progress updates but always sends the final state at once', async () => {
    const sent: ActivityEntry[] = [];
    const log = new ActivityLog({ onEntry: (e) => sent.push(e), throttleMs: 50 });
    for (let i = 0; i < 1000; i++) log.progress('p', 'big.bin', i, 1000);
    expect(sent.length).toBeLessThan(5);
    log.progress('p', 'big.bin', 1000, 1000);
    expect(sent.at(-1)).toMatchObject({ state: 'done', bytesDone: 1000 });
    await sleep(80);
    expect(sent.at(-1)).toMatchObject({ state: 'done' });
    log.close();
  });

  it('transfers a round left running end as failed, with the round\'s error', () => {
    const log = new ActivityLog({ onEntry: () => {}, throttleMs: 0 });
    log.progress('p', 'a.txt', 5, 10);
    log.progress('q', 'b.txt', 5, 10);
    log.endRound('p', ['upload x: a.txt changed since it was scanned']);
    const byPath = Object.fromEntries(log.list().entries.map((e) => [e.path, e]));
    expect(byPath['a.txt']).toMatchObject({ state: 'failed', message: 'upload x: a.txt changed since it was scanned' });
    expect(byPath['b.txt']).toMatchObject({ state: 'running' });
    log.close();
  });

  it('keeps the newest entries up to its capacity; list pages after a seq', () => {
    const log = new ActivityLog({ onEntry: () => {}, capacity: 100 });
    for (let i = 0; i < 250; i++) log.add({ pairId: 'p', path: `f${i}`, kind: 'round', state: 'done', bytesDone: 0, bytesTotal: 0, message: '' });
    const all = log.list(0, 100_000);
    expect(all.entries).toHaveLength(100);
    expect(all.entries[0]?.path).toBe('f150');
    expect(all.lastSeq).toBe(250);
    expect(log.list(240).entries.map((e) => e.seq)).toEqual([241, 242, 243, 244, 245, 246, 247, 248, 249, 250]);
    expect(log.list(0, 3).entries.map((e) => e.seq)).toEqual([248, 249, 250]);
  });
});
