/** POST /v1/search/getPage (docs/api.md, "Search"). */
import { Page } from '../../../shared/v1/resources.ts';
import { SearchPageRequest, SearchResult } from '../../../shared/v1/search.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

export function searchRoutes(app: FolioApp, services: Services): void {
  const { search } = services;

  app.post('/v1/search/getPage', {
    schema: {
      tags: ['search'],
      summary:
        'Full-text search over the names and the extracted or OCR text of the current versions of the documents the caller may read (text only where the caller may also DOWNLOAD). query: words and "quoted phrases", all of which must match; no operators. containerId limits it to that subtree. One result per document, best first, at its best page (1 when only the name matched); snippet is plain text and highlights give the matched words as offsets into it.',
      body: SearchPageRequest,
      response: replies(Page(SearchResult)),
    },
  }, async (req) => ok(req, search.page(callerOf(req), req.body)));
}
