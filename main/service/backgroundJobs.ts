/**
 * The service's background jobs, run while the app is up: started when it is ready, stopped (the
 * running jobs put back in their queue) when it closes, before the store is closed.
 */
import { JobRunner } from '../jobs/runner.ts';
import type { FolioApp, ServiceDeps } from './app.ts';
import { textExtractionJob } from './text/job.ts';

export function backgroundJobs(app: FolioApp, deps: ServiceDeps): void {
  const runner = new JobRunner(deps.store.jobs, [textExtractionJob(deps)]);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
