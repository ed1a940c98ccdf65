/** The shares manager: who a folder or document is shared with, and changing or revoking that; for a person who cannot share, who can. */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { CreateShareArgs, DirectoryEntry, Share, Sharers } from '../../../shared/desktop/api.ts';
import { Browser } from '../components/Browser.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { PeoplePicker } from '../components/PeoplePicker.tsx';
import { PickedHeader, PickThenShow } from '../components/PickThenShow.tsx';
import { Empty, ErrorNote } from '../components/ui.tsx';
import { useAction, useLive } from '../state.tsx';

type Resource = { resourceType: 'CONTAINER' | 'DOCUMENT'; resourceId: string; name: string };
const PRESETS = ['VIEW', 'DOWNLOAD', 'EDIT'] as const;
type Preset = (typeof PRESETS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The presets in words (VIEW = READ, DOWNLOAD = READ+DOWNLOAD, EDIT = READ+DOWNLOAD+WRITE on the service). */
const PRESET_WORDS: Record<Preset, { title: string; means: string }> = {
  VIEW: { title: 'View', means: 'can open and read it here, but not download a copy or change it.' },
  DOWNLOAD: { title: 'Download', means: 'can read it and download copies, but not change it.' },
  EDIT: { title: 'Edit', means: 'can read, download and add new versions; cannot delete or share it further.' },
};

const GRANTEE_WORDS: Record<string, string> = { USER: 'person', DEPARTMENT: 'department', ROLE: 'role' };

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
          rememberAs="shares"
          pickLabel="Manage shares of"
          onPickContainer={(c) => pick({ resourceType: 'CONTAINER', resourceId: c.containerId, name: c.name })}
          onPickDocument={(d) => pick({ resourceType: 'DOCUMENT', resourceId: d.docId, name: d.title })}
        />
      )}
      show={(resource, back) => <ShareList resource={resource} onBack={back} />}
    />
  );
}

/** What a grant's undo needs: the same grantee, access, expiry and message again. */
type Revoked = { share: Share; undone: boolean };

function ShareList({ resource, onBack }: { resource: Resource; onBack: () => void }) {
  const { api } = useLive();
  const [shares, setShares] = useState<Share[] | null>(null);
  const [sharers, setSharers] = useState<Sharers | null>(null);
  const [saved, setSaved] = useState('');
  const [revoked, setRevoked] = useState<Revoked | null>(null);
  const [adding, setAdding] = useState(false);
  const { error, run } = useAction();
  const undo = useAction();
  const what = resource.resourceType === 'CONTAINER' ? 'folder' : 'document';
  const load = useCallback(async () => {
    const who = await run(() => api.getSharers({ resourceType: resource.resourceType, resourceId: resource.resourceId }));
    if (!who) return;
    setSharers(who);
    if (!who.canShare) return;
    const list = await run(() => api.listShares({ resourceType: resource.resourceType, resourceId: resource.resourceId, includeInactive: true }));
    if (list) setShares(list);
  }, [api, resource, run]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = async (message: string) => {
    setSaved(message);
    await load();
  };
  const undoRevoke = async () => {
    if (!revoked) return;
    const s = revoked.share;
    const stillAhead = s.expiresAt && Date.parse(s.expiresAt) > Date.now();
    const again = await undo.run(() =>
      api.createShare({
        resourceType: resource.resourceType,
        resourceId: resource.resourceId,
        granteeType: s.granteeType as CreateShareArgs['granteeType'],
        granteeId: s.granteeId,
        permissionPreset: s.permissionPreset as Preset,
        ...(stillAhead ? { expiresAt: s.expiresAt } : {}),
        ...(s.message ? { message: s.message } : {}),
      }),
    );
    if (!again) return;
    setRevoked({ share: s, undone: true });
    await changed(`Saved: ${s.granteeName || s.granteeId} has ${PRESET_WORDS[s.permissionPreset as Preset]?.title.toLowerCase() ?? s.permissionPreset} access again.`);
  };
  return (
    <div className="card">
      <PickedHeader onBack={onBack}>
        <h2>
          {resource.resourceType === 'CONTAINER' ? 'Folder' : 'Document'}: {resource.name}
        </h2>
      </PickedHeader>
      {error?.code === 'NOT_SUPPORTED' ? <p className="muted">This service does not offer shares yet.</p> : <ErrorNote error={error} />}
      {sharers && !sharers.canShare ? <NoShare what={what} sharers={sharers} /> : null}
      {saved ? (
        <p className="note note-ok" role="status">
          {saved}
        </p>
      ) : null}
      {revoked ? (
        <div className="note" role="status">
          {revoked.undone ? (
            <>Access for {revoked.share.granteeName || revoked.share.granteeId} is back.</>
          ) : (
            <>
              Access for {revoked.share.granteeName || revoked.share.granteeId} revoked.{' '}
              <button type="button" className="link" disabled={undo.busy} onClick={() => void undoRevoke()}>
                Undo
              </button>
            </>
          )}
          <ErrorNote error={undo.error} />
        </div>
      ) : null}
      {shares && shares.length === 0 ? (
        <Empty title="Not shared with anyone">
          <p>Only people who can reach this {what} through its folders see it. Add a share to give a person, a department or a role access.</p>
        </Empty>
      ) : null}
      {shares && shares.length > 0 ? (
        <div className="table-scroll">
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
                <ShareRow
                  key={s.shareGrantId}
                  share={s}
                  onSaved={changed}
                  onRevoked={async () => {
                    setSaved('');
                    setRevoked({ share: s, undone: false });
                    await load();
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {sharers?.canShare && error?.code !== 'NOT_SUPPORTED' ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add a share…
          </button>
        </div>
      ) : null}
      <Dialog title="Add a share" open={adding} onClose={() => setAdding(false)}>
        <NewShare
          resource={resource}
          onCreated={async (message) => {
            setAdding(false);
            await changed(message);
          }}
        />
      </Dialog>
    </div>
  );
}

/** Instead of a form that would fail: who to ask. */
function NoShare({ what, sharers }: { what: string; sharers: Sharers }) {
  const names = sharers.sharers.map((p) => p.name || p.id);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return (
    <div className="note" role="note" aria-label="You cannot share this">
      <p>
        <strong>You can’t share this {what}.</strong> Sharing needs the “share” permission on it, which you don’t have.
      </p>
      <p>{names.length ? `Ask ${list} to share it for you.` : 'Ask an administrator of your organisation to share it for you.'}</p>
    </div>
  );
}

function ShareRow({ share: s, onSaved, onRevoked }: { share: Share; onSaved: (message: string) => Promise<void>; onRevoked: () => Promise<void> }) {
  const { api } = useLive();
  const { busy, error, run } = useAction();
  const [confirming, setConfirming] = useState(false);
  const active = s.status === 'ACTIVE';
  const who = s.granteeName || s.granteeId;
  const update = async (patch: { permissionPreset?: Preset; expiresAt?: string }) => {
    if (await run(() => api.updateShare({ shareGrantId: s.shareGrantId, ...patch }))) await onSaved(`Saved: the share with ${who} is changed.`);
  };
  const revoke = async () => {
    setConfirming(false);
    if (await run(() => api.revokeShare({ shareGrantId: s.shareGrantId }))) await onRevoked();
  };
  return (
    <tr data-status={s.status}>
      <td data-label="With">
        {who} <span className="muted small">{GRANTEE_WORDS[s.granteeType] ?? s.granteeType.toLowerCase()}</span>
        <ErrorNote error={error} />
      </td>
      <td data-label="Access">
        <select aria-label={`Access for ${who}`} value={s.permissionPreset} disabled={!active || busy} onChange={(e) => void update({ permissionPreset: e.target.value as Preset })}>
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_WORDS[p].title}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Expires">
        <input type="date" aria-label={`Expiry for ${who}`} min={toDateInput(new Date(Date.now() + DAY_MS).toISOString())} value={toDateInput(s.expiresAt)} disabled={!active || busy} onChange={(e) => void update({ expiresAt: fromDateInput(e.target.value) })} />
      </td>
      <td data-label="Status">
        <span className={`badge badge-${active ? 'ok' : 'muted'}`}>{s.status.toLowerCase()}</span>
      </td>
      <td className="row-actions">
        {active && !confirming ? (
          <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Revoke
          </button>
        ) : null}
        {active && confirming ? (
          <span role="group" aria-label={`Confirm revoking access for ${who}`}>
            <span className="small">Revoke access for {who}?</span>{' '}
            <button type="button" className="danger" disabled={busy} onClick={() => void revoke()}>
              Yes, revoke
            </button>{' '}
            <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : null}
      </td>
    </tr>
  );
}

function NewShare({ resource, onCreated }: { resource: Resource; onCreated: (message: string) => Promise<void> }) {
  const { api } = useLive();
  const [grantee, setGrantee] = useState<DirectoryEntry | null>(null);
  const [preset, setPreset] = useState<Preset>('VIEW');
  const [expires, setExpires] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, error, run } = useAction();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!grantee) return setMissing(true);
    const created = await run(() =>
      api.createShare({ resourceType: resource.resourceType, resourceId: resource.resourceId, granteeType: grantee.kind, granteeId: grantee.id, permissionPreset: preset, ...(expires ? { expiresAt: fromDateInput(expires) } : {}), ...(message ? { message } : {}) }),
    );
    if (created) {
      setGrantee(null);
      setMessage('');
      setExpires('');
      await onCreated(`Saved: shared with ${created.granteeName || grantee.name} (${PRESET_WORDS[preset].title.toLowerCase()}).`);
    }
  };
  return (
    <form className="new-share" onSubmit={submit} aria-label="Add a share">
      <PeoplePicker
        label="Share with"
        picked={grantee}
        onPick={(g) => {
          setGrantee(g);
          setMissing(false);
        }}
      />
      {missing ? <p className="note note-error">Pick a person, department or role from the suggestions.</p> : null}
      <fieldset className="presets">
        <legend>Access</legend>
        {PRESETS.map((p) => (
          <label key={p} className="preset">
            <input type="radio" name={`${id}-preset`} value={p} checked={preset === p} onChange={() => setPreset(p)} />
            <span>
              <strong>{PRESET_WORDS[p].title}</strong> <span className="muted">{PRESET_WORDS[p].means}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="row">
        <div>
          <label htmlFor={`${id}-expires`}>Expires (optional)</label>
          <input id={`${id}-expires`} type="date" min={toDateInput(new Date(Date.now() + DAY_MS).toISOString())} value={expires} onChange={(e) => setExpires(e.target.value)} />
          <p className="muted small">{expires ? `Access ends at the end of ${new Date(`${expires}T12:00:00`).toLocaleDateString()}.` : 'Without a date, access lasts until you revoke it.'}</p>
        </div>
      </div>
      <label htmlFor={`${id}-message`}>Message (optional)</label>
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
