/** A document's versions (download, restore, compare), and the extracted text of a version page by page, with OCR confidence. */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DesktopApi, DocumentEntry, SearchHit, VersionEntry, VersionFile, VersionText } from '../../../shared/desktop/api.ts';
import { moveFocusByArrow } from '../arrows.ts';
import { Browser } from '../components/Browser.tsx';
import { FileIcon } from '../components/FileIcon.tsx';
import { Marked } from '../components/Marked.tsx';
import { VersionDiff } from '../components/VersionDiff.tsx';
import { PickedHeader, PickThenShow } from '../components/PickThenShow.tsx';
import { Empty, ErrorNote } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { highlightsIn } from '../highlight.ts';
import { remember, useRemembered } from '../remembered.ts';
import { useAction, useLive } from '../state.tsx';

export function Documents() {
  return (
    <PickThenShow<DocumentEntry>
      title="Documents"
      hint="Open a document to see its versions and its text."
      browse={(pick) => <Browser includeDocuments onPickDocument={pick} rememberAs="documents" />}
      show={(doc, back) => <DocumentPanel doc={doc} onBack={back} />}
    />
  );
}

/** What a search result asks of the text view: the page to open at, and the words to mark. */
interface Focus {
  page: number;
  query: string;
}

/**
 * Makes a search result the open document, at its version and page, for when Documents mounts. A
 * document that cannot be read now (gone since it was indexed) still opens from what the hit says.
 */
export async function openAtPage(api: DesktopApi, hit: SearchHit, query: string): Promise<void> {
  const read = await api.getDocument({ docId: hit.docId });
  const doc: DocumentEntry = read.ok
    ? read.value
    : { docId: hit.docId, containerId: hit.containerId, title: hit.title, sizeBytes: 0, mimeType: '', currentVersionId: hit.versionId, currentVersionNo: 0, updateTime: '' };
  remember('picked:Documents', doc);
  remember(`version:${hit.docId}`, hit.versionId);
  remember<Focus>(`focus:${hit.versionId}`, { page: hit.page, query });
}

/** The browser saves a download from an object URL: a data: URL this large would choke some shells. */
function saveFile(file: VersionFile): void {
  const raw = atob(file.base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType || 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function DocumentPanel({ doc, onBack }: { doc: DocumentEntry; onBack: () => void }) {
  const { api, account } = useLive();
  const [versions, setVersions] = useState<VersionEntry[] | null>(null);
  const [selected, setSelected] = useRemembered<string>(`version:${doc.docId}`, doc.currentVersionId);
  const [compareWith, setCompareWith] = useState('');
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useAction();
  const compareId = useId();
  const load = useCallback(async () => {
    const p = await run(() => api.listVersions({ docId: doc.docId }));
    if (p) setVersions(p.versions);
    return p?.versions;
  }, [api, doc.docId, run]);
  useEffect(() => {
    void load();
  }, [load]);
  const current = versions?.[0];
  const shown = versions?.find((v) => v.versionId === selected) ?? current;
  const other = versions?.find((v) => v.versionId === compareWith);
  const download = async (v: VersionEntry) => {
    const file = await run(() => api.downloadVersion({ versionId: v.versionId }));
    if (file) saveFile(file);
  };
  const restore = async (v: VersionEntry) => {
    const r = await run(() => api.restoreVersion({ versionId: v.versionId }));
    if (!r) return;
    await load();
    setSelected(r.versionId);
    setCompareWith('');
    setNotice(`Version ${v.versionNo} is current again, as version ${r.versionNo}. Synced folders get it with their next sync, which starts now.`);
  };
  return (
    <div className="doc-panel">
      <div className="card">
        <PickedHeader onBack={onBack}>
          <div className="doc-title">
            <FileIcon mimeType={doc.mimeType} name={doc.title} />
            <div>
              <h2>{doc.title}</h2>
              <p className="muted">
                {doc.mimeType || 'unknown type'} · {bytes(current?.sizeBytes ?? doc.sizeBytes)} · version {current?.versionNo ?? doc.currentVersionNo}
              </p>
            </div>
          </div>
        </PickedHeader>
        <ErrorNote error={error} />
        {notice ? (
          <p className="note note-ok" role="status">
            {notice}
          </p>
        ) : null}
        <h3>Versions</h3>
        {versions && versions.length === 0 ? <Empty title="No versions" /> : null}
        {versions ? (
          <div className="table-scroll">
            <table className="table" aria-label="Versions" onKeyDown={moveFocusByArrow}>
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Size</th>
                  <th scope="col">By</th>
                  <th scope="col">When</th>
                  <th scope="col">Comment</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v) => (
                  <tr key={v.versionId} aria-selected={v.versionId === shown?.versionId} className={v.versionId === shown?.versionId ? 'selected' : ''}>
                    <td data-label="Version">
                      <button type="button" className="link" data-arrow-item onClick={() => setSelected(v.versionId)} aria-label={`Show the text of version ${v.versionNo}`}>
                        v{v.versionNo}
                      </button>
                      {v === current ? <span className="badge badge-ok">current</span> : null}
                      {v.label ? <span className="badge badge-muted">{v.label}</span> : null}
                    </td>
                    <td data-label="Size">{bytes(v.sizeBytes)}</td>
                    <td data-label="By">{v.createBy && v.createBy === account?.userName ? 'you' : v.createBy}</td>
                    <td data-label="When">{when(v.createTime)}</td>
                    <td data-label="Comment">{v.comment}</td>
                    <td className="row-actions">
                      <button type="button" disabled={busy} onClick={() => void download(v)} aria-label={`Download version ${v.versionNo}`}>
                        Download
                      </button>
                      {v !== current ? (
                        <button type="button" disabled={busy} onClick={() => void restore(v)} aria-label={`Restore version ${v.versionNo}`}>
                          Restore
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      {shown && versions ? (
        <div className="card shown-bar">
          <p className="shown-label" role="status" aria-live="polite">
            Showing v{shown.versionNo}
            {shown === current ? ' (current)' : ` (current is v${current?.versionNo ?? '?'})`}
          </p>
          {versions.length > 1 ? (
            <div>
              <label htmlFor={compareId}>Compare with</label>{' '}
              <select id={compareId} value={compareWith} onChange={(e) => setCompareWith(e.target.value)}>
                <option value="">(no comparison)</option>
                {versions
                  .filter((v) => v.versionId !== shown.versionId)
                  .map((v) => (
                    <option key={v.versionId} value={v.versionId}>
                      v{v.versionNo}
                      {v === current ? ' (current)' : ''}
                    </option>
                  ))}
              </select>
            </div>
          ) : null}
        </div>
      ) : null}
      {shown && other ? (
        <VersionDiff key={`${shown.versionId}:${other.versionId}`} older={other.versionNo < shown.versionNo ? other : shown} newer={other.versionNo < shown.versionNo ? shown : other} />
      ) : null}
      {/* Keyed: another version starts over at all pages. */}
      {shown ? <TextPanel key={shown.versionId} versionId={shown.versionId} /> : null}
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
  const [focus] = useRemembered<Focus | null>(`focus:${versionId}`, null);
  const jumped = useRef(false);
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
      // Opened from a search: once the page count is known, go to the matching page (once; "All pages" stays a choice).
      if (t.status === 'READY' && !page && focus && !jumped.current) {
        jumped.current = true;
        if (t.pages.length > 1 && focus.page > 1) setPage(focus.page);
      }
      if (t.status === 'PENDING') timer = setTimeout(() => void load(), PENDING_POLL_MS);
    };
    setText(null);
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, versionId, page, run, focus]);
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
                <pre className="text-body">{p.text ? <Marked text={p.text} marks={focus ? highlightsIn(p.text, focus.query) : []} /> : '(no text on this page)'}</pre>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
