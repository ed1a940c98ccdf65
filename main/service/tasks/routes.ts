/** /v1/tasks/get: the status of an asynchronous ingest (spec 4.2 rule 5 leaves the endpoint to us). */
import { Task, TaskQuery } from '../../../shared/v1/ingest.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

export function taskRoutes(app: FolioApp, services: Services): void {
  const { tasks } = services;
  app.get('/v1/tasks/get', {
    schema: {
      tags: ['tasks'],
      summary: 'Status of a background task: PENDING, RUNNING, SUCCEEDED (with result) or FAILED (with failCode and failReason). Needs to be its tenant\'s application or the user who started it.',
      querystring: TaskQuery,
      response: replies(Task),
    },
  }, async (req) => ok(req, tasks.get(callerOf(req), req.query.taskId)));
}
