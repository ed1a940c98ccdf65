/**
 * The service's background jobs, run while the app is up: started when it is ready, stopped (the
 * running jobs put back in their queue) when it closes, before the store is closed. While uploads
 * come in, jobs start at most once a second (./foreground.ts). Every node on a store runs jobs,
 * each claimed by one node under its lease (main/jobs/runner.ts); the sweeps for missed work run
 * on the leader only (main/store/leadership.ts).
 */
import { JobRunner } from '../jobs/runner.ts';
import type { FolioApp, ServiceDeps } from './kernel.ts';
import type { BulkWrites } from './foreground.ts';
import { searchIndexer } from './search/indexer.ts';
import { textExtractionJob } from './text/job.ts';

/** `bulkWrites` is told of the uploads' requests by `trackBulkWrites`. */
export function backgroundJobs(app: FolioApp, deps: ServiceDeps, bulkWrites: BulkWrites): void {
  const { leadership } = deps;
  const runner = new JobRunner(deps.repos.jobs, [textExtractionJob(deps)], { foreground: bulkWrites, log: deps.log, lease: deps.lease, ...(leadership.pollMs ? { pollMs: leadership.pollMs } : {}) });
  app.addHook('onReady', async () => {
    runner.start();
    leadership.whenLeading(() => runner.sweep());
  });
  app.addHook('onClose', async () => runner.stop());
  searchIndexer(app, deps);
}
