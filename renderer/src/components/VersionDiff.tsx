/**
 * The extracted text of two versions compared page by page: words taken out struck through, words
 * put in underlined, unchanged pages folded to one line. Text comes from the service (spec 4.8),
 * so a scan compares by its OCR text.
 */
import { diffWords } from 'diff';
import { useEffect, useState } from 'react';
import type { VersionEntry, VersionText } from '../../../shared/desktop/api.ts';
import { useAction, useLive } from '../state.tsx';
import { ErrorNote } from './ui.tsx';

type PageDiff = { page: number; parts: { value: string; added: boolean; removed: boolean }[]; changed: boolean };

function comparePages(older: VersionText, newer: VersionText): PageDiff[] {
  const count = Math.max(older.pages.length, newer.pages.length);
  return Array.from({ length: count }, (_, i) => {
    const parts = diffWords(older.pages[i]?.text ?? '', newer.pages[i]?.text ?? '').map((p) => ({ value: p.value, added: p.added, removed: p.removed }));
    return { page: i + 1, parts, changed: parts.some((p) => p.added || p.removed) };
  });
}

export function VersionDiff({ older, newer }: { older: VersionEntry; newer: VersionEntry }) {
  const { api } = useLive();
  const [pages, setPages] = useState<PageDiff[] | null>(null);
  const [waiting, setWaiting] = useState('');
  const { error, run } = useAction();
  useEffect(() => {
    let live = true;
    void (async () => {
      const [a, b] = await Promise.all([run(() => api.getVersionText({ versionId: older.versionId })), run(() => api.getVersionText({ versionId: newer.versionId }))]);
      if (!live || !a || !b) return;
      const notReady = [a, b].find((t) => t.status !== 'READY');
      if (notReady) setWaiting(notReady.status === 'PENDING' ? 'The text of one of these versions is still being extracted; compare again in a moment.' : 'One of these versions has no text to compare.');
      else setPages(comparePages(a, b));
    })();
    return () => {
      live = false;
    };
  }, [api, older.versionId, newer.versionId, run]);
  const changed = pages?.filter((p) => p.changed).length ?? 0;
  return (
    <section className="card" aria-labelledby="diff-title">
      <h3 id="diff-title">
        Changes from v{older.versionNo} to v{newer.versionNo}
      </h3>
      <ErrorNote error={error} />
      {waiting ? <p className="note">{waiting}</p> : null}
      {!pages && !waiting && !error ? <p className="muted">Comparing…</p> : null}
      {pages ? (
        <>
          <p className="muted">
            {changed === 0 ? 'The text is the same.' : `${changed} of ${pages.length} page${pages.length === 1 ? '' : 's'} changed.`}{' '}
            <span className="diff-key">
              <del>taken out</del> <ins>put in</ins>
            </span>
          </p>
          <ol className="text-pages">
            {pages.map((p) => (
              <li key={p.page} className="text-page" aria-label={`Changes on page ${p.page}`}>
                <div className="text-page-head">
                  <span>Page {p.page}</span>
                  {p.changed ? <span className="badge badge-warn">changed</span> : <span className="badge badge-muted">no changes</span>}
                </div>
                {p.changed ? (
                  <pre className="text-body diff-body">
                    {p.parts.map((part, i) => (part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>))}
                  </pre>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
