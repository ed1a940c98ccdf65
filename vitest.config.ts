import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/sim/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    testTimeout: 30_000,
    // Hooks start and stop real `folio` processes: tens of seconds each on a loaded CI machine. A
    // guard, as long as the heaviest tests' own (HEAVY_TEST_MS in test/helpers/wait.ts).
    hookTimeout: 15 * 60_000,
    // Integration tests spawn real `folio serve` processes; two cores cannot run many at once.
    maxWorkers: 2,
  },
});
