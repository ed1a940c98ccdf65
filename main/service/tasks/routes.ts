/** /v1/tasks/get (shared/v1/contract/tasks.ts): the status of an asynchronous ingest. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function taskRoutes(app: FolioApp, services: Services): void {
  const { tasks } = services;
  serve(app, contract.tasks.get, (req) => tasks.get(callerOf(req), req.query.taskId));
}
