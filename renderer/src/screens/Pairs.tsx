/** The sync pairs: their state and progress, and adding a new one. */
import { useState, type FormEvent } from 'react';
import type { PairStatus } from '../../../shared/desktop/api.ts';
import { Browser } from '../components/Browser.tsx';
import { ConnectServiceButton } from '../components/LocalOnly.tsx';
import { Badge, Empty, ErrorNote, Screen, StateBar } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { useAction, useLive } from '../state.tsx';
import { Problems } from './Problems.tsx';

export function Pairs() {
  const { status, account } = useLive();
  const [adding, setAdding] = useState(false);
  const connected = account?.signedIn ?? false;
  const pairs = status?.pairs ?? [];
  const p = status?.progress;
  return (
    <Screen
      title="Sync pairs"
      actions={
        connected ? (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add a folder
          </button>
        ) : null
      }
    >
      {status ? (
        <div className="card overall">
          <div className="overall-head">
            <Badge state={status.state} />
            <span>
              {p && p.filesTotal > 0 ? `${p.filesDone} of ${p.filesTotal} files · ${bytes(p.bytesDone)} of ${bytes(p.bytesTotal)}` : `${pairs.length} folder${pairs.length === 1 ? '' : 's'}`}
            </span>
          </div>
          {p ? <StateBar state={status.state} progress={p} label="Overall progress" /> : null}
        </div>
      ) : null}
      {adding ? <AddPair onDone={() => setAdding(false)} /> : null}
      {pairs.length === 0 && !connected ? (
        <Empty title="No service connected">
          <p>Folio keeps a folder on this computer and a folder on a Folio service the same, both ways. Connect a service to add a folder.</p>
          <ConnectServiceButton />
        </Empty>
      ) : null}
      {pairs.length === 0 && connected && !adding ? (
        <Empty title="No folders sync yet">
          <p>Pick a folder on this computer and a folder on the service; Folio keeps them the same, both ways.</p>
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add a folder
          </button>
        </Empty>
      ) : null}
      <ul className="pairs" aria-label="Sync pairs">
        {pairs.map((pair) => (
          <PairCard key={pair.pairId} pair={pair} />
        ))}
      </ul>
    </Screen>
  );
}

function PairCard({ pair }: { pair: PairStatus }) {
  const { api } = useLive();
  const { busy, error, run } = useAction();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const paused = pair.state === 'PAUSED';
  const pr = pair.progress;
  return (
    <li className="card pair" aria-label={`Pair ${pair.containerName || pair.containerId}`} data-state={pair.state}>
      <div className="pair-head">
        <div>
          <h2 className="pair-title">{pair.containerName || pair.containerId}</h2>
          <p className="muted pair-dir" title={pair.dir}>
            {pair.dir}
          </p>
        </div>
        <Badge state={pair.state} />
      </div>
      {pair.stateReason ? <p className={`note ${pair.state === 'ERROR' ? 'note-error' : 'note-warn'}`}>{pair.stateReason}</p> : null}
      <StateBar state={pair.state} progress={pr} label={`Progress of ${pair.containerName}`} />
      <dl className="facts">
        <div>
          <dt>Files</dt>
          <dd>{pair.files}</dd>
        </div>
        <div>
          <dt>This round</dt>
          <dd>
            {pr.filesDone}/{pr.filesTotal}
          </dd>
        </div>
        <div>
          <dt>Conflicts</dt>
          <dd>{pair.conflicts}</dd>
        </div>
        <div>
          <dt>Last in sync</dt>
          <dd>{when(pair.lastSyncAt)}</dd>
        </div>
      </dl>
      {pair.leftOut > 0 ? <Problems pair={pair} /> : null}
      {pair.errors.length > 0 && pair.state !== 'ERROR' ? (
        <details className="errors">
          <summary>{pair.errors.length} item(s) could not sync</summary>
          <ul>
            {pair.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <ErrorNote error={error} />
      <div className="actions">
        {paused ? (
          <button type="button" onClick={() => void run(() => api.resumePair({ pairId: pair.pairId }))} disabled={busy}>
            Resume
          </button>
        ) : (
          <button type="button" onClick={() => void run(() => api.pausePair({ pairId: pair.pairId }))} disabled={busy}>
            Pause
          </button>
        )}
        <button type="button" onClick={() => void run(() => api.syncNow({ pairId: pair.pairId }))} disabled={busy || paused}>
          Sync now
        </button>
        {pair.state === 'WAITING' ? (
          <button type="button" className="danger" onClick={() => void run(() => api.confirmDeletes({ pairId: pair.pairId }))} disabled={busy}>
            Go ahead
          </button>
        ) : null}
        {confirmRemove ? (
          <span className="confirm" role="group" aria-label="Confirm removal">
            Stop syncing? Nothing is deleted.
            <button type="button" className="danger" onClick={() => void run(() => api.removePair({ pairId: pair.pairId }))}>
              Remove
            </button>
            <button type="button" onClick={() => setConfirmRemove(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" className="ghost" onClick={() => setConfirmRemove(true)}>
            Remove…
          </button>
        )}
      </div>
    </li>
  );
}

function AddPair({ onDone }: { onDone: () => void }) {
  const { api } = useLive();
  const [dir, setDir] = useState('');
  const [target, setTarget] = useState<{ containerId: string; name: string } | null>(null);
  const { busy, error, run } = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (await run(() => api.addPair({ dir: dir.trim(), containerId: target.containerId }))) onDone();
  };
  return (
    <form className="card add-pair" onSubmit={submit} aria-labelledby="add-pair-title">
      <h2 id="add-pair-title">Add a folder</h2>
      <label>
        Folder on this computer
        <input required value={dir} onChange={(e) => setDir(e.target.value)} placeholder="/home/you/Documents/Projects" spellCheck={false} />
      </label>
      <div className="field">
        <span className="field-label">Folder on the service</span>
        {target ? (
          <p className="picked">
            <span className="icon-folder" aria-hidden="true" /> {target.name}{' '}
            <button type="button" className="link" onClick={() => setTarget(null)}>
              change
            </button>
          </p>
        ) : (
          <Browser onPickContainer={setTarget} />
        )}
      </div>
      <ErrorNote error={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !target || !dir.trim()}>
          {busy ? 'Adding…' : 'Start syncing'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
