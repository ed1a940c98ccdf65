/** POST /v1/changes/getPage: the change feed that sync clients poll (docs/architecture.md, "Service conventions"). */
import { ChangeCursor } from '../../../shared/v1/changes.ts';
import { ChangePage } from '../../../shared/v1/resources.ts';
import { ChangePageRequest } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['changes'];

export function changeRoutes(app: FolioApp, services: Services): void {
  const { changes: feed } = services;
  app.post('/v1/changes/getPage', {
    schema: {
      tags,
      summary:
        'Changes to containers and documents after the cursor, in commit order, filtered to what the caller may read. An absent cursor starts from the beginning; 130006 means the history before the cursor was pruned: walk the tree again.',
      body: ChangePageRequest,
      response: replies(ChangePage),
    },
  }, async (req) => ok(req, feed.page(callerOf(req), req.body.cursor, req.body.pageSize)));

  app.get('/v1/changes/latestCursor', {
    schema: {
      tags,
      summary: 'The cursor of the newest change. Take it before walking the tree, then poll getPage from it. Any caller of the tenant.',
      response: replies(ChangeCursor),
    },
  }, async (req) => ok(req, feed.latest(callerOf(req))));
}
