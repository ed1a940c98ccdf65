/** POST /v1/changes/getPage and GET /v1/changes/latestCursor: the change feed that sync clients poll (docs/architecture.md, "Service conventions"). */
import { ChangeCursor } from '../changes.ts';
import { ChangePageRequest } from '../requests.ts';
import { ChangePage } from '../resources.ts';
import { route } from './route.ts';

export const changes = {
  getPage: route({
    method: 'POST',
    path: '/v1/changes/getPage',
    tags: ['changes'],
    summary:
      'Changes to containers and documents after the cursor, in commit order, filtered to what the caller may read. An absent cursor starts from the beginning; 130006 means the history before the cursor was pruned: walk the tree again.',
    body: ChangePageRequest,
    reply: { kind: 'envelope', data: ChangePage },
  }),
  latestCursor: route({
    method: 'GET',
    path: '/v1/changes/latestCursor',
    tags: ['changes'],
    summary: 'The cursor of the newest change. Take it before walking the tree, then poll getPage from it. Any caller of the tenant.',
    reply: { kind: 'envelope', data: ChangeCursor },
  }),
} as const;
