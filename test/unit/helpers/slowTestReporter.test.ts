import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import SlowTestReporter from '../../helpers/slowTestReporter.ts';

function testCase(id: string, fullName: string): TestCase {
  return { id, fullName, module: { moduleId: `${process.cwd()}/test/x.test.ts` } } as unknown as TestCase;
}

describe('SlowTestReporter', () => {
  it('names a test still running after the threshold, with the processes once, and says when it ends', () => {
    let now = 0;
    const out: string[] = [];
    const reporter = new SlowTestReporter({ slowAfterMs: 1000, now: () => now, write: (t) => out.push(t), processes: () => 'TREE\n' });
    const slow = testCase('a', 'files > waits');
    const quick = testCase('b', 'files > answers');
    reporter.onTestCaseReady(slow);
    reporter.onTestCaseReady(quick);
    now = 500;
    reporter.onTestCaseResult(quick);
    reporter.tell();
    expect(out).toEqual([]);
    now = 1500;
    reporter.tell();
    expect(out).toEqual(['slow-tests: still running after 0.0 min: test/x.test.ts > files > waits\n', 'TREE\n']);
    now = 61_500;
    reporter.tell();
    expect(out.slice(2)).toEqual(['slow-tests: still running after 1.0 min: test/x.test.ts > files > waits\n']);
    reporter.onTestCaseResult(slow);
    expect(out.slice(3)).toEqual(['slow-tests: ended after 1.0 min: test/x.test.ts > files > waits\n']);
    reporter.tell();
    expect(out).toHaveLength(4);
  });
});
