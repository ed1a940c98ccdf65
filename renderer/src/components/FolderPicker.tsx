/**
 * The folder picker of the headless UI: this computer's folders, one level at a time, from the
 * home folder (Electron shows the system's dialog instead; see pickFolder in Pairs).
 */
import { useEffect, useState } from 'react';
import type { FolderListing } from '../../../shared/desktop/api.ts';
import { useAction, useLive } from '../state.tsx';
import { ErrorNote } from './ui.tsx';

export function FolderPicker({ onPick, onCancel }: { onPick: (path: string) => void; onCancel: () => void }) {
  const { api } = useLive();
  const [path, setPath] = useState<string | undefined>(undefined);
  const [showHidden, setShowHidden] = useState(false);
  const [listing, setListing] = useState<FolderListing | null>(null);
  const { error, run } = useAction();
  useEffect(() => {
    void run(() => api.listFolders({ ...(path ? { path } : {}), showHidden })).then((v) => v && setListing(v));
  }, [api, run, path, showHidden]);
  return (
    <div className="folder-picker card" role="group" aria-label="Choose a folder on this computer">
      {listing ? (
        <>
          <p className="mono" aria-label="Current folder">
            {listing.path}
          </p>
          <div className="actions">
            <button type="button" onClick={() => setPath(listing.parent)} disabled={!listing.parent}>
              Up
            </button>
            <button type="button" onClick={() => setPath(listing.home)} disabled={listing.path === listing.home}>
              Home
            </button>
            <label className="switch">
              <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />
              <span>Show hidden folders</span>
            </label>
          </div>
          {listing.folders.length === 0 ? <p className="muted small">No folders in here.</p> : null}
          <ul className="folder-list" aria-label="Folders on this computer">
            {listing.folders.map((f) => (
              <li key={f.path}>
                <button type="button" className="link" onClick={() => setPath(f.path)} aria-label={`Open local folder ${f.name}`}>
                  <span className="icon-folder" aria-hidden="true" /> {f.name}
                </button>
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" className="primary" onClick={() => onPick(listing.path)} aria-label={`Use this folder: ${listing.path}`}>
              Use this folder
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}
