/** POST /v1/changes/getPage: the change feed that sync clients poll (DESIGN.md §2). */
import Type from 'typebox';
import { ChangePage } from '../../../shared/v1/resources.ts';
import { ChangePageRequest } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { ok, replies } from '../envelope.ts';
import { ChangeFeed, encodeCursor } from './feed.ts';

export function changeRoutes(app: FolioApp, deps: ServiceDeps): void {
  const feed = new ChangeFeed(deps);
  app.post('/v1/changes/getPage', {
    schema: {
      tags: ['changes'],
      summary: 'Changes to containers and documents after the cursor, in commit order, filtered to what the caller may read. An absent cursor starts from the beginning; 130006 means walk the tree again.',
      body: ChangePageRequest,
      response: replies(ChangePage),
    },
  }, async (req) => ok(req, feed.page(callerOf(req), req.body.cursor, req.body.pageSize)));

  app.post('/v1/changes/latestCursor', {
    schema: {
      tags: ['changes'],
      summary: 'The cursor of the newest change: take it before walking the tree, then follow the feed from it. Needs a valid token.',
      response: replies(Type.Object({ cursor: Type.String() })),
    },
  }, async (req) => {
    callerOf(req);
    return ok(req, { cursor: encodeCursor(deps.store.changes.latestSeq()) });
  });
}
