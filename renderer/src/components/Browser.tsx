/**
 * A browser of the service tree: a breadcrumb, the child containers to open, and (optionally)
 * the documents. Keyboard: Tab or the arrow keys to an entry, Enter to open or pick it.
 */
import { useEffect, useId, useState } from 'react';
import type { ContainerEntry, DocumentEntry, Listing } from '../../../shared/desktop/api.ts';
import { moveFocusByArrow } from '../arrows.ts';
import { bytes } from '../format.ts';
import { useRemembered } from '../remembered.ts';
import { useAction, useLive } from '../state.tsx';
import { FileIcon } from './FileIcon.tsx';
import { Empty, ErrorNote } from './ui.tsx';

interface Props {
  includeDocuments?: boolean;
  /** The container the user picked ("Use this folder"); shown when set. */
  onPickContainer?: (c: { containerId: string; name: string }) => void;
  onPickDocument?: (d: DocumentEntry) => void;
  pickLabel?: string;
  /** Keeps the folder the user was in, under this name, for when they come back ("Choose another", another screen). */
  rememberAs?: string;
}

export function Browser({ includeDocuments = false, onPickContainer, onPickDocument, pickLabel = 'Choose this folder', rememberAs }: Props) {
  const { api } = useLive();
  const fresh = useId();
  const [trail, setTrail] = useRemembered<{ containerId: string; name: string }[]>(`trail:${rememberAs ?? fresh}`, [{ containerId: '', name: 'All folders' }]);
  const [listing, setListing] = useState<Listing | null>(null);
  const { error, run } = useAction();
  const here = trail[trail.length - 1] as { containerId: string; name: string };

  useEffect(() => {
    let live = true;
    setListing(null);
    void run(() => api.listChildren({ containerId: here.containerId, includeDocuments })).then((l) => live && l && setListing(l));
    return () => {
      live = false;
    };
  }, [api, here.containerId, includeDocuments, run]);

  const open = (c: ContainerEntry) => setTrail([...trail, { containerId: c.containerId, name: c.name }]);

  return (
    <div className="browser">
      <nav className="crumbs" aria-label="Folder path">
        {trail.map((t, i) => (
          <span key={t.containerId || 'root'}>
            {i > 0 ? <span className="crumb-sep" aria-hidden="true">›</span> : null}
            <button type="button" className="link" onClick={() => setTrail(trail.slice(0, i + 1))} aria-current={i === trail.length - 1 ? 'location' : undefined}>
              {t.name}
            </button>
          </span>
        ))}
      </nav>
      <ErrorNote error={error} />
      {!listing && !error ? <p className="muted">Loading…</p> : null}
      {listing ? (
        <ul className="browser-list" aria-label={`Contents of ${here.name}`} onKeyDown={moveFocusByArrow}>
          {listing.containers.map((c) => (
            <li key={c.containerId}>
              <button type="button" className="browser-item" data-arrow-item onClick={() => open(c)} aria-label={`Open folder ${c.name}`}>
                <span className="icon-folder" aria-hidden="true" />
                <span className="browser-name" title={c.name}>
                  {c.name}
                </span>
                {c.hasChildren ? <span className="muted" aria-hidden="true">›</span> : null}
              </button>
            </li>
          ))}
          {listing.documents.map((d) => (
            <li key={d.docId}>
              <button type="button" className="browser-item" data-arrow-item onClick={() => onPickDocument?.(d)} disabled={!onPickDocument} aria-label={`Open document ${d.title}`}>
                <FileIcon mimeType={d.mimeType} name={d.title} />
                <span className="browser-name" title={d.title}>
                  {d.title}
                </span>
                <span className="muted">{bytes(d.sizeBytes)}</span>
              </button>
            </li>
          ))}
          {listing.containers.length + listing.documents.length === 0 ? (
            <li>
              <Empty title="This folder is empty" />
            </li>
          ) : null}
        </ul>
      ) : null}
      {onPickContainer && here.containerId ? (
        <div className="browser-pick">
          <button type="button" className="primary" onClick={() => onPickContainer(here)}>
            {pickLabel}: {here.name}
          </button>
        </div>
      ) : null}
    </div>
  );
}
