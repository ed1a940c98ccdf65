/** A snippet from the index, with its match marks, as plain text and the offsets of the matches. */
import type { SearchHighlight } from '../../../shared/v1/search.ts';
import { MATCH_END, MATCH_START } from '../../store/repos/search.ts';

export function plainSnippet(marked: string): { snippet: string; highlights: SearchHighlight[] } {
  const highlights: SearchHighlight[] = [];
  let snippet = '';
  let start = -1;
  for (const ch of marked) {
    if (ch === MATCH_START) start = snippet.length;
    else if (ch === MATCH_END) {
      if (start >= 0 && snippet.length > start) highlights.push({ start, length: snippet.length - start });
      start = -1;
    } else snippet += ch;
  }
  return { snippet, highlights };
}
