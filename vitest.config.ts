import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/sim/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    // A guard, not a measure: on a CI machine that other work keeps busy (load 40 on two cores was
    // seen), a test that starts a real service and syncs 100 files took longer than 30 s.
    testTimeout: 5 * 60_000,
    // Hooks start and stop real `folio` processes: tens of seconds each on a loaded CI machine. A
    // guard, as long as the heaviest tests' own (HEAVY_TEST_MS in test/helpers/wait.ts).
    hookTimeout: 7 * 60_000,
    // Integration tests spawn real `folio serve` processes; two cores cannot run many at once.
    maxWorkers: 2,
    // The default reporter prints a file when it ends; this one names a test still running after a
    // few minutes, so that a hang leaves its name in a log that CI's budget cuts short.
    reporters: ['default', './test/helpers/slowTestReporter.ts'],
  },
});
