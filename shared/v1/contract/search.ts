/** POST /v1/search/getPage (docs/api.md, "Search"). */
import { Page } from '../resources.ts';
import { SearchPageRequest, SearchResult } from '../search.ts';
import { route } from './route.ts';

export const search = {
  getPage: route({
    method: 'POST',
    path: '/v1/search/getPage',
    tags: ['search'],
    summary:
      'Full-text search over the names and the extracted or OCR text of the current versions of the documents the caller may read (text only where the caller may also DOWNLOAD). query: words and "quoted phrases", all of which must match; no operators. containerId limits it to that subtree. One result per document, best first, at its best page (1 when only the name matched); snippet is plain text and highlights give the matched words as offsets into it.',
    body: SearchPageRequest,
    reply: { kind: 'envelope', data: Page(SearchResult) },
  }),
} as const;
