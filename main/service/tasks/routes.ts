/** /v1/tasks/get (shared/v1/contract/tasks.ts): the status of an asynchronous ingest. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { TaskService } from './service.ts';

export function taskRoutes(app: FolioApp, deps: ServiceDeps): void {
  const tasks = new TaskService(deps);
  serve(app, contract.tasks.get, (req) => tasks.get(callerOf(req), req.query.taskId));
}
