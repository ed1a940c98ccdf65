/** POST /v1/ingest/from-url (spec 4.2). */
import { IngestRequest, IngestResult } from '../ingest.ts';
import { route } from './route.ts';

export const ingest = {
  fromUrl: route({
    method: 'POST',
    path: '/v1/ingest/from-url',
    tags: ['ingest'],
    summary:
      'Fetch a public http(s) URL into a new version (spec 4.2). Target: docId, or containerId + title. Needs WRITE on the target. ' +
      'Known small sizes complete at once (sync_completed); large or unknown sizes return a taskId (async_accepted, see /v1/tasks/get).',
    body: IngestRequest,
    reply: { kind: 'envelope', data: IngestResult, failures: [502, 504] },
  }),
} as const;
