/**
 * A test file's cluster as a fixture (kept apart from cluster.ts, which the benchmarks import
 * outside vitest).
 */
import { afterAll, beforeAll } from 'vitest';
import { clusterDown, clusterUp, type ClusterOptions, type TestCluster } from './cluster.ts';
import { removeDir, tempDir } from './server.ts';
import { HEAVY_TEST_MS } from './wait.ts';

/**
 * A test file's cluster: started before its tests, stopped after them with the directories the file
 * collected in `dirs`. It is stopped even when its start never returned (a hook that timed out
 * left a hung start's PostgreSQL and Swift running). Read its fields inside tests only.
 */
export function useCluster(dirs: string[], options: ClusterOptions = { nodes: 1 }): TestCluster {
  let work: string | undefined;
  let started: TestCluster | undefined;
  const starting = new AbortController();
  beforeAll(async () => {
    work = tempDir('folio-cluster-');
    started = await clusterUp(options, work, starting.signal);
  }, HEAVY_TEST_MS);
  afterAll(async () => {
    starting.abort();
    if (work) await clusterDown(work);
    for (const dir of dirs) removeDir(dir);
  }, HEAVY_TEST_MS);
  const cluster = (): TestCluster => {
    if (!started) throw new Error('the cluster is read before it started (or its start failed)');
    return started;
  };
  return {
    get db() { return cluster().db; },
    get blobs() { return cluster().blobs; },
    get balancer() { return cluster().balancer; },
    get nodes() { return cluster().nodes; },
    get dataDir() { return cluster().dataDir; },
    get env() { return cluster().env; },
    down: () => cluster().down(),
  };
}
