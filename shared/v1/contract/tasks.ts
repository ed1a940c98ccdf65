/** /v1/tasks/get: the status of an asynchronous ingest (spec 4.2 rule 5 leaves the endpoint to us). */
import { Task, TaskQuery } from '../ingest.ts';
import { route } from './route.ts';

export const tasks = {
  get: route({
    method: 'GET',
    path: '/v1/tasks/get',
    tags: ['tasks'],
    summary: "Status of a background task: PENDING, RUNNING, SUCCEEDED (with result) or FAILED (with failCode and failReason). Needs to be its tenant's application or the user who started it.",
    querystring: TaskQuery,
    reply: { kind: 'envelope', data: Task },
  }),
} as const;
