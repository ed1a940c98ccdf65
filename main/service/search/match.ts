/**
 * From a user's query to an FTS5 match expression. Every term becomes a double-quoted FTS5 string
 * of plain words (searchTerms keeps only letters, digits and marks), so quotes, `*`, `NEAR(`,
 * `OR`, `:` and column names in the input are words or separators, never syntax.
 */
import { SEARCH_TERMS_MAX, searchTerms } from '../../../shared/v1/search.ts';
import { fail } from '../errors.ts';

export interface SearchMatch {
  /** Every term in the page's title or text. */
  anywhere: string;
  /** Every term in the title: what a caller who may read a document but not download it can find. */
  titleOnly: string;
}

export function searchMatch(query: string): SearchMatch {
  const terms = searchTerms(query);
  if (terms.length === 0) fail('VALIDATION', 'query has no words to search for (letters or digits)', { field: 'query' });
  if (terms.length > SEARCH_TERMS_MAX) fail('VALIDATION', `query has more than ${SEARCH_TERMS_MAX} words and phrases`, { field: 'query' });
  const anywhere = terms.map((words) => `"${words.join(' ')}"`).join(' ');
  return { anywhere, titleOnly: `title : (${anywhere})` };
}
