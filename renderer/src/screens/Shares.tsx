/** The shares manager: who a folder or document is shared with, and changing or revoking that. */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { CreateShareArgs, Share } from '../../../shared/desktop/api.ts';
import { Browser } from '../components/Browser.tsx';
import { PickedHeader, PickThenShow } from '../components/PickThenShow.tsx';
import { Empty, ErrorNote } from '../components/ui.tsx';
import { useAction, useLive } from '../state.tsx';

type Resource = { resourceType: 'CONTAINER' | 'DOCUMENT'; resourceId: string; name: string };
const PRESETS = ['VIEW', 'DOWNLOAD', 'EDIT'] as const;

// The date picker speaks local dates; an expiry is the end of that local day, so it reads back
// as the same local day (slicing the UTC instant would show the next day west of Greenwich).
const pad = (n: number) => String(n).padStart(2, '0');
const toDateInput = (iso: string) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
};
const fromDateInput = (d: string) => (d ? new Date(`${d}T23:59:59`).toISOString() : '');

export function Shares() {
  return (
    <PickThenShow<Resource>
      title="Shares"
      hint="Pick a folder or a document to see and manage its shares."
      browse={(pick) => (
        <Browser
          includeDocuments
          pickLabel="Manage shares of"
          onPickContainer={(c) => pick({ resourceType: 'CONTAINER', resourceId: c.containerId, name: c.name })}
          onPickDocument={(d) => pick({ resourceType: 'DOCUMENT', resourceId: d.docId, name: d.title })}
        />
      )}
      show={(resource, back) => <ShareList resource={resource} onBack={back} />}
    />
  );
}

function ShareList({ resource, onBack }: { resource: Resource; onBack: () => void }) {
  const { api } = useLive();
  const [shares, setShares] = useState<Share[] | null>(null);
  const { error, run } = useAction();
  const load = useCallback(async () => {
    const list = await run(() => api.listShares({ resourceType: resource.resourceType, resourceId: resource.resourceId, includeInactive: true }));
    if (list) setShares(list);
  }, [api, resource, run]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="card">
      <PickedHeader onBack={onBack}>
        <h2>
          {resource.resourceType === 'CONTAINER' ? 'Folder' : 'Document'}: {resource.name}
        </h2>
      </PickedHeader>
      {error?.code === 'NOT_SUPPORTED' ? <p className="muted">This service does not offer shares yet.</p> : <ErrorNote error={error} />}
      {shares && shares.length === 0 ? <Empty title="Not shared with anyone" /> : null}
      {shares && shares.length > 0 ? (
        <table className="table" aria-label="Shares">
          <thead>
            <tr>
              <th scope="col">With</th>
              <th scope="col">Access</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.map((s) => (
              <ShareRow key={s.shareGrantId} share={s} onChange={load} />
            ))}
          </tbody>
        </table>
      ) : null}
      {error?.code !== 'NOT_SUPPORTED' ? <NewShare resource={resource} onCreated={load} /> : null}
    </div>
  );
}

function ShareRow({ share: s, onChange }: { share: Share; onChange: () => Promise<void> }) {
  const { api } = useLive();
  const { busy, error, run } = useAction();
  const active = s.status === 'ACTIVE';
  const update = async (patch: { permissionPreset?: (typeof PRESETS)[number]; expiresAt?: string }) => {
    if (await run(() => api.updateShare({ shareGrantId: s.shareGrantId, ...patch }))) await onChange();
  };
  return (
    <tr data-status={s.status}>
      <td>
        {s.granteeName || s.granteeId} <span className="muted small">{s.granteeType.toLowerCase()}</span>
        <ErrorNote error={error} />
      </td>
      <td>
        <select aria-label={`Access for ${s.granteeName || s.granteeId}`} value={s.permissionPreset} disabled={!active || busy} onChange={(e) => void update({ permissionPreset: e.target.value as (typeof PRESETS)[number] })}>
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {p.toLowerCase()}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input type="date" aria-label={`Expiry for ${s.granteeName || s.granteeId}`} value={toDateInput(s.expiresAt)} disabled={!active || busy} onChange={(e) => void update({ expiresAt: fromDateInput(e.target.value) })} />
      </td>
      <td>
        <span className={`badge badge-${active ? 'ok' : 'muted'}`}>{s.status.toLowerCase()}</span>
      </td>
      <td>
        {active ? (
          <button type="button" className="danger" disabled={busy} onClick={() => void run(() => api.revokeShare({ shareGrantId: s.shareGrantId })).then((r) => r && onChange())}>
            Revoke
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function NewShare({ resource, onCreated }: { resource: Resource; onCreated: () => Promise<void> }) {
  const { api } = useLive();
  const [granteeType, setGranteeType] = useState<CreateShareArgs['granteeType']>('USER');
  const [granteeId, setGranteeId] = useState('');
  const [preset, setPreset] = useState<(typeof PRESETS)[number]>('VIEW');
  const [expires, setExpires] = useState('');
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const created = await run(() =>
      api.createShare({ resourceType: resource.resourceType, resourceId: resource.resourceId, granteeType, granteeId: granteeId.trim(), permissionPreset: preset, ...(expires ? { expiresAt: fromDateInput(expires) } : {}), ...(message ? { message } : {}) }),
    );
    if (created) {
      setGranteeId('');
      setMessage('');
      await onCreated();
    }
  };
  return (
    <form className="new-share" onSubmit={submit} aria-labelledby="new-share-title">
      <h3 id="new-share-title">Add a share</h3>
      <div className="row">
        <div>
          <label htmlFor={`${id}-type`}>Share with a</label>
          <select id={`${id}-type`} value={granteeType} onChange={(e) => setGranteeType(e.target.value as CreateShareArgs['granteeType'])}>
            <option value="USER">user</option>
            <option value="DEPARTMENT">department</option>
            <option value="ROLE">role</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-grantee`}>Their ID</label>
          <input id={`${id}-grantee`} required value={granteeId} onChange={(e) => setGranteeId(e.target.value)} spellCheck={false} />
        </div>
        <div>
          <label htmlFor={`${id}-preset`}>Access</label>
          <select id={`${id}-preset`} value={preset} onChange={(e) => setPreset(e.target.value as (typeof PRESETS)[number])}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {p.toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-expires`}>Expires</label>
          <input id={`${id}-expires`} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </div>
      </div>
      <label htmlFor={`${id}-message`}>Message</label>
      <input id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
      <ErrorNote error={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Share
        </button>
      </div>
    </form>
  );
}
