/** Where a search's words sit in a text, to mark them: offsets, never markup. */
import type { SearchHighlight } from '../../shared/v1/search.ts';
import { searchTerms } from '../../shared/v1/search.ts';

/**
 * The spans of `text` that start with one of the query's words, case and accents aside: the index
 * stems words (budget finds budgets), so a word that begins with the query's word is its match.
 */
export function highlightsIn(text: string, query: string): SearchHighlight[] {
  const words = [...new Set(searchTerms(query).flat().map(fold))].filter(Boolean);
  if (words.length === 0) return [];
  const out: SearchHighlight[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = fold(m[0]);
    if (words.some((w) => word.startsWith(w))) out.push({ start: m.index, length: m[0].length });
  }
  return out;
}

function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
