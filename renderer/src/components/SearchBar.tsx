/**
 * The search box of the top bar, on every screen: names and the text inside documents (OCR'd scans
 * too), a page of results at a time; each result opens its document at the matching page.
 */
import { useId, useState, type FormEvent } from 'react';
import type { SearchHit, SearchPage } from '../../../shared/desktop/api.ts';
import { useAction, useLive } from '../state.tsx';
import { Marked } from './Marked.tsx';
import { ErrorNote } from './ui.tsx';

const PAGE_SIZE = 10;

export function SearchBar({ onOpen }: { onOpen: (hit: SearchHit, query: string) => void }) {
  const { api } = useLive();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const [page, setPage] = useState<SearchPage | null>(null);
  const { busy, error, run, clear } = useAction();
  const inputId = useId();

  const go = async (q: string, pageNumber: number) => {
    const found = await run(() => api.search({ query: q, pageNumber, pageSize: PAGE_SIZE }));
    setAsked(q);
    setPage(found ?? null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) void go(query.trim(), 1);
  };
  const close = () => {
    setPage(null);
    clear();
  };
  const pages = page ? Math.max(1, Math.ceil(page.totalElements / page.pageSize)) : 0;

  return (
    <div className="search">
      <form className="search-form" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Search documents
        </label>
        <input id={inputId} type="search" placeholder="Search names and text…" value={query} maxLength={200} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" disabled={busy || !query.trim()}>
          Search
        </button>
      </form>
      {error ? <ErrorNote error={error} /> : null}
      {page ? (
        <section className="search-results card" aria-label="Search results">
          <div className="pair-head">
            <p role="status" className="search-summary">
              {page.fromMirror ? <strong>Searching the copy on this computer. </strong> : null}
              {page.totalElements === 0 ? `Nothing matches “${asked}”.` : `${page.totalElements} result${page.totalElements === 1 ? '' : 's'} for “${asked}”`}
              {pages > 1 ? ` · page ${page.pageNumber} of ${pages}` : ''}
            </p>
            <button type="button" className="link" onClick={close}>
              Close
            </button>
          </div>
          <ol className="search-list">
            {page.hits.map((hit) => (
              <li key={hit.docId}>
                <button type="button" className="search-hit" onClick={() => {
                    onOpen(hit, asked);
                    close();
                  }} aria-label={`Open ${hit.title} at page ${hit.page}`}>
                  <span className="search-title">{hit.title}</span>
                  <span className="muted small">{[hit.folder || 'a folder', `page ${hit.page}`].join(' · ')}</span>
                  <span className="search-snippet">
                    <Marked text={hit.snippet} marks={hit.highlights} />
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <div className="actions">
              <button type="button" disabled={busy || page.pageNumber <= 1} onClick={() => void go(asked, page.pageNumber - 1)}>
                Previous
              </button>
              <button type="button" disabled={busy || page.pageNumber >= pages} onClick={() => void go(asked, page.pageNumber + 1)}>
                Next
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
