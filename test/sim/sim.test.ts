/**
 * The deterministic simulation of the whole engine (docs/sync.md, "The simulation"): SIM_RUNS
 * schedules (1,000 by default), each drawn from its seed. A failure prints its seed and schedule;
 * `SIM_SEED=n npx vitest run test/sim` replays that one schedule.
 */
import { describe, expect, it } from 'vitest';
import { describeFailure, runSchedule, type ScheduleResult } from './world.ts';

const replay = process.env.SIM_SEED;
const runs = Number(process.env.SIM_RUNS ?? 1_000);
const first = Number(process.env.SIM_FROM ?? 1);
const seeds = replay ? [Number(replay)] : Array.from({ length: runs }, (_, i) => first + i);

describe('the simulated engine', () => {
  it(`converges without losing, duplicating or orphaning anything in ${seeds.length} schedules`, { timeout: 10 * 60_000 }, async () => {
    const failures: ScheduleResult[] = [];
    for (const seed of seeds) {
      const result = await runSchedule(seed);
      if (result.problems.length > 0) failures.push(result);
    }
    const report = failures.length === 0 ? '' : `${failures.length} of ${seeds.length} schedules failed (seeds ${failures.map((f) => f.seed).join(', ')})\n${describeFailure(failures[0] as ScheduleResult)}`;
    expect(report).toBe('');
  });
});
