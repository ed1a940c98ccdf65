/** A document's versions, and the extracted text of a version page by page, with OCR confidence. */
import { useEffect, useId, useState } from 'react';
import type { DocumentEntry, VersionEntry, VersionText } from '../../../shared/desktop/api.ts';
import { Browser } from '../components/Browser.tsx';
import { PickedHeader, PickThenShow } from '../components/PickThenShow.tsx';
import { Empty, ErrorNote } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { useAction, useLive } from '../state.tsx';

export function Documents() {
  return (
    <PickThenShow<DocumentEntry>
      title="Documents"
      hint="Open a document to see its versions and its text."
      browse={(pick) => <Browser includeDocuments onPickDocument={pick} />}
      show={(doc, back) => <DocumentPanel doc={doc} onBack={back} />}
    />
  );
}

function DocumentPanel({ doc, onBack }: { doc: DocumentEntry; onBack: () => void }) {
  const { api, account } = useLive();
  const [versions, setVersions] = useState<VersionEntry[] | null>(null);
  const [selected, setSelected] = useState<string>(doc.currentVersionId);
  const { error, run } = useAction();
  useEffect(() => {
    void run(() => api.listVersions({ docId: doc.docId })).then((p) => p && setVersions(p.versions));
  }, [api, doc.docId, run]);
  return (
    <div className="doc-panel">
      <div className="card">
        <PickedHeader onBack={onBack}>
          <div>
            <h2>{doc.title}</h2>
            <p className="muted">
              {doc.mimeType || 'unknown type'} · {bytes(doc.sizeBytes)} · version {doc.currentVersionNo}
            </p>
          </div>
        </PickedHeader>
        <ErrorNote error={error} />
        <h3>Versions</h3>
        {versions && versions.length === 0 ? <Empty title="No versions" /> : null}
        {versions ? (
          <table className="table" aria-label="Versions">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Size</th>
                <th scope="col">By</th>
                <th scope="col">When</th>
                <th scope="col">Comment</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.versionId} aria-selected={v.versionId === selected} className={v.versionId === selected ? 'selected' : ''}>
                  <td>
                    <button type="button" className="link" onClick={() => setSelected(v.versionId)} aria-label={`Show the text of version ${v.versionNo}`}>
                      v{v.versionNo}
                    </button>
                    {v.label ? <span className="badge badge-muted">{v.label}</span> : null}
                  </td>
                  <td>{bytes(v.sizeBytes)}</td>
                  <td>{v.createBy && v.createBy === account?.userId ? 'you' : v.createBy}</td>
                  <td>{when(v.createTime)}</td>
                  <td>{v.comment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      {/* Keyed: another version starts over at all pages. */}
      <TextPanel key={selected} versionId={selected} />
    </div>
  );
}

/** How often the panel asks again while the service is still extracting the text. */
const PENDING_POLL_MS = 2000;

function TextPanel({ versionId }: { versionId: string }) {
  const { api } = useLive();
  const [text, setText] = useState<VersionText | null>(null);
  const [page, setPage] = useState(0);
  const [pageCount, setPageCount] = useState(0);
  const { error, run } = useAction();
  const pickId = useId();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const load = async () => {
      const t = await run(() => api.getVersionText({ versionId, ...(page ? { page } : {}) }));
      if (!live || !t) return;
      setText(t);
      if (t.status === 'READY' && !page) setPageCount(t.pages.length);
      if (t.status === 'PENDING') timer = setTimeout(() => void load(), PENDING_POLL_MS);
    };
    setText(null);
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, versionId, page, run]);
  return (
    <div className="card" aria-labelledby="text-title">
      <div className="pair-head">
        <h3 id="text-title">Text</h3>
        {pageCount > 1 ? (
          <div>
            <label htmlFor={pickId}>Page</label>{' '}
            <select id={pickId} value={page} onChange={(e) => setPage(Number(e.target.value))}>
              <option value={0}>All pages</option>
              {Array.from({ length: pageCount }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  Page {i + 1} of {pageCount}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {error?.code === 'NOT_SUPPORTED' ? <p className="muted">This service does not provide extracted text yet.</p> : <ErrorNote error={error} />}
      {!text && !error ? <p className="muted">Loading…</p> : null}
      {text?.status === 'PENDING' ? <p className="note">The text is still being extracted; this panel updates when it is ready.</p> : null}
      {text?.status === 'NOT_APPLICABLE' ? <Empty title="This version has no text">{text.failReason ? <p>{text.failReason}</p> : null}</Empty> : null}
      {text?.status === 'FAILED' ? <p className="note note-error">Text extraction failed: {text.failReason}</p> : null}
      {text?.status === 'READY' ? (
        <>
          <p className="muted">
            {text.source === 'OCR' ? 'Recognised by OCR' : 'Extracted from the document'} · {page ? `page ${page} of ${pageCount}` : `${text.pages.length} page${text.pages.length === 1 ? '' : 's'}`}
          </p>
          <ol className="text-pages">
            {text.pages.map((p) => (
              <li key={p.page} className="text-page" aria-label={`Page ${p.page}`}>
                <div className="text-page-head">
                  <span>Page {p.page}</span>
                  {/* Per page: a PDF mixes text-layer, blank and OCR'd pages whatever its source. */}
                  {p.ocrStatus === 'NOT_NEEDED' ? (
                    <span className="badge badge-muted">digital text</span>
                  ) : p.ocrStatus === 'BLANK' ? (
                    <span className="badge badge-muted">blank page</span>
                  ) : (
                    <span className={`badge badge-${p.confidence >= 0.8 ? 'ok' : p.confidence >= 0.5 ? 'warn' : 'bad'}`} title={p.ocrStatus}>
                      OCR confidence {Math.round(p.confidence * 100)}%
                    </span>
                  )}
                </div>
                <pre className="text-body">{p.text || '(no text on this page)'}</pre>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
