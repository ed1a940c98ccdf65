/**
 * POST /v1/search/getPage: full-text search over the names and the text of the current versions of
 * the documents the caller may read. docs/api.md ("Search") describes it.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX, MAX_PAGE_SIZE } from './requests.ts';

/** Characters (code points) in a query. */
export const SEARCH_QUERY_MAX = 200;
/** Words and phrases in a query. */
export const SEARCH_TERMS_MAX = 16;

export const SearchPageRequest = Type.Object({
  /** User text: words and "quoted phrases", all of which must match. No operators. */
  query: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX }),
  /** Only documents in this container and the containers under it. */
  containerId: Type.Optional(Type.String({ maxLength: ID_MAX })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
});
export type SearchPageRequest = Static<typeof SearchPageRequest>;

/** A matched word in `snippet`: UTF-16 offsets, so a UI can mark it as text, never as markup. */
export const SearchHighlight = Type.Object({
  start: Type.Integer({ minimum: 0 }),
  length: Type.Integer({ minimum: 1 }),
});
export type SearchHighlight = Static<typeof SearchHighlight>;

/** One document: its best-matching page of the current version (1 when only the name matched). */
export const SearchResult = Type.Object({
  docId: Type.String(),
  versionId: Type.String(),
  title: Type.String(),
  containerId: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  /** Plain text around the match (from the page's text, or the title); never markup. */
  snippet: Type.String(),
  highlights: Type.Array(SearchHighlight),
});
export type SearchResult = Static<typeof SearchResult>;

/**
 * The words and phrases of a query, each a list of words (runs of letters, digits and combining
 * marks), as the index tokenises text. Anything else (quotes, operators, punctuation) only
 * separates words, so no input can be an FTS5 operator. The UI highlights these words on a page.
 */
export function searchTerms(query: string): string[][] {
  const terms: string[][] = [];
  for (const m of query.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    const words = (m[1] ?? m[2] ?? '').match(/[\p{L}\p{N}\p{M}]+/gu);
    if (words) terms.push(words);
  }
  return terms;
}
