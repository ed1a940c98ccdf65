/**
 * A full `npm run bench` lasts most of an hour. Its sync part once threw in its last minutes (the
 * service's text backlog never drained), and the run printed no table at all: every row measured
 * before it was lost. `runEach` keeps each benchmark's rows as it hands them over.
 */
import { describe, expect, it, vi } from 'vitest';
import { failureLine, runEach, type Row } from '../../../test/bench/report.ts';

const row = (benchmark: string): Row => ({ benchmark, folio: 1, unit: 's' });

describe('runEach (test/bench/report.ts)', () => {
  it('keeps the rows of the benchmarks before and after one that throws, and the rows it handed over before it threw', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { rows, failures } = await runEach(['upload', 'sync', 'download'] as const, async (name, add) => {
      add([row(`${name} 1`)]);
      if (name === 'sync') throw new Error('the service still had jobs after 1800 s');
      add([row(`${name} 2`)]);
    });
    vi.restoreAllMocks();
    expect(rows.map((r) => r.benchmark)).toEqual(['upload 1', 'upload 2', 'sync 1', 'download 1', 'download 2']);
    expect(failures).toEqual([{ name: 'sync', message: 'the service still had jobs after 1800 s' }]);
    expect(failureLine(failures[0]!)).toBe('FAILED: sync: the service still had jobs after 1800 s (what it had not measured is missing from the table; its stack is on stderr)');
  });
});
