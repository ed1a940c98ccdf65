/** Text with some spans marked (search matches): the text stays text, the marks are <mark> elements. */
import type { SearchHighlight } from '../../../shared/v1/search.ts';

export function Marked({ text, marks }: { text: string; marks: readonly SearchHighlight[] }) {
  const parts: (string | { mark: string; at: number })[] = [];
  let at = 0;
  for (const h of [...marks].sort((a, b) => a.start - b.start)) {
    if (h.start < at || h.start >= text.length) continue;
    if (h.start > at) parts.push(text.slice(at, h.start));
    parts.push({ mark: text.slice(h.start, h.start + h.length), at: h.start });
    at = h.start + h.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts.map((p) => (typeof p === 'string' ? p : <mark key={p.at}>{p.mark}</mark>))}</>;
}
