/** App settings, the account, and each pair's bandwidth, concurrency and ignore rules. */
import { useEffect, useState, type FormEvent } from 'react';
import type { AppSettings, ContainerEntry, PairStatus } from '../../../shared/desktop/api.ts';
import { ConnectServiceButton } from '../components/LocalOnly.tsx';
import { ErrorNote, Screen } from '../components/ui.tsx';
import { useAction, useLive } from '../state.tsx';

export function Settings() {
  const { api, account, settings, status, setSettings } = useLive();
  const { error, run } = useAction();
  const signOut = useAction();
  // What the person just chose shows at once, while the core saves it; a refusal puts back what was.
  const [choosing, setChoosing] = useState<Partial<AppSettings>>({});
  if (!settings) return null;
  const s = { ...settings.settings, ...choosing };
  const locked = (k: keyof AppSettings) => settings.locked.includes(k);
  const set = async (patch: Partial<AppSettings>) => {
    setChoosing((c) => ({ ...c, ...patch }));
    const v = await run(() => api.updateSettings(patch));
    if (v) setSettings(v);
    setChoosing((c) => withoutKeys(c, Object.keys(patch)));
  };
  const toggle = (k: 'pauseAll' | 'startAtLogin' | 'notifications' | 'autoUpdate', label: string, hint: string) => (
    <label className="switch">
      <input type="checkbox" checked={s[k]} disabled={locked(k)} onChange={(e) => void set({ [k]: e.target.checked })} />
      <span>
        {label}
        {locked(k) ? <span className="badge badge-muted">set by your administrator</span> : null}
        <span className="muted small block">{hint}</span>
      </span>
    </label>
  );
  return (
    <Screen title="Settings">
      <ErrorNote error={error} />
      <div className="card">
        <h2>Syncing</h2>
        {toggle('pauseAll', 'Pause all syncing', 'Nothing uploads or downloads until you turn this off.')}
        <label>
          Check the service for changes every (seconds)
          <input type="number" min={5} max={3600} value={s.pollSeconds} disabled={locked('pollSeconds')} onChange={(e) => Number(e.target.value) >= 5 && void set({ pollSeconds: Number(e.target.value) })} />
        </label>
      </div>
      {(status?.pairs ?? []).map((p) => (
        <PairSettingsCard key={p.pairId} pair={p} />
      ))}
      <div className="card">
        <h2>App</h2>
        {toggle('startAtLogin', 'Start Folio when you log in', 'Keeps your folders in sync from the start.')}
        {toggle('notifications', 'Notifications', 'Tell me about conflicts and errors.')}
        {toggle('autoUpdate', 'Update automatically', 'Install new versions of Folio when they are released.')}
        <label>
          Appearance
          <select value={s.theme} disabled={locked('theme')} onChange={(e) => void set({ theme: e.target.value as AppSettings['theme'] })}>
            <option value="system">Like the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </div>
      <div className="card">
        <h2>Account</h2>
        {account?.signedIn ? (
          <p>
            Signed in to <span className="mono">{account.serviceUrl}</span> as {account.userName || `the application ${account.clientId}`}.
          </p>
        ) : (
          <>
            <p>No service is connected: Folio runs local only, and no folder syncs.</p>
            <ConnectServiceButton />
          </>
        )}
        <p className={account?.keychain.available ? 'muted' : 'note note-warn'}>
          {account?.keychain.available ? 'Secrets are kept in the system keychain.' : `No keychain is available: secrets are kept in memory until Folio quits. ${account?.keychain.detail ?? ''}`}
        </p>
        <ErrorNote error={signOut.error} />
        {account?.signedIn ? (
          <button type="button" className="danger" onClick={() => void signOut.run(() => api.signOut({}))}>
            Sign out
          </button>
        ) : null}
        <p className="muted small">State: {settings.stateDir}</p>
        {settings.localApiUrl ? (
          <p className="muted small">
            Local API: <span className="mono">{settings.localApiUrl}</span> (its token is in the state folder's local-token file)
          </p>
        ) : null}
        <LogFolderRow />
      </div>
    </Screen>
  );
}

/**
 * Electron opens the log folder in the file manager; the headless UI has none to ask, so it shows
 * the path with a copy button.
 */
function LogFolderRow() {
  const { api } = useLive();
  const { error, run } = useAction();
  const [path, setPath] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const open = async () => {
    const folder = await run(() => api.openLogFolder({}));
    if (folder && !folder.opened) setPath(folder.path);
  };
  const copy = async () => {
    if (path === null) return;
    // The clipboard may be refused (no permission); the path stays on screen to select by hand.
    setCopied(await navigator.clipboard.writeText(path).then(() => true, () => false));
  };
  return (
    <div>
      <button type="button" className="ghost" onClick={() => void open()}>
        Open the log folder
      </button>
      {path !== null ? (
        <p className="small">
          The logs are in <span className="mono" aria-label="Log folder">{path}</span>{' '}
          <button type="button" className="ghost" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </p>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}

const KB = 1024;

function PairSettingsCard({ pair }: { pair: PairStatus }) {
  const { api } = useLive();
  const [concurrency, setConcurrency] = useState(pair.settings.concurrency);
  const [up, setUp] = useState(pair.settings.uploadLimit / KB);
  const [down, setDown] = useState(pair.settings.downloadLimit / KB);
  const [rules, setRules] = useState(pair.settings.ignoreRules);
  const [excluded, setExcluded] = useState(new Set(pair.settings.excludedFolders));
  const [folders, setFolders] = useState<ContainerEntry[] | null>(null);
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();
  useEffect(() => {
    void api.listChildren({ containerId: pair.containerId }).then((r) => r.ok && setFolders(r.value.containers));
  }, [api, pair.containerId]);
  const toggleFolder = (id: string, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.delete(id);
    else next.add(id);
    setExcluded(next);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const r = await run(() =>
      api.updatePairSettings({ pairId: pair.pairId, settings: { concurrency, uploadLimit: Math.round(up * KB), downloadLimit: Math.round(down * KB), ignoreRules: rules, excludedFolders: [...excluded] } }),
    );
    setSaved(Boolean(r));
  };
  const id = `pair-${pair.pairId}`;
  return (
    <form className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{pair.containerName || pair.dir}</h2>
      <p className="muted small mono">{pair.dir}</p>
      <div className="row">
        <label>
          Upload limit (KB/s, 0 = none)
          <input type="number" min={0} value={up} onChange={(e) => setUp(Math.max(0, Number(e.target.value)))} />
        </label>
        <label>
          Download limit (KB/s, 0 = none)
          <input type="number" min={0} value={down} onChange={(e) => setDown(Math.max(0, Number(e.target.value)))} />
        </label>
        <label>
          Transfers at once
          <input type="number" min={1} max={32} value={concurrency} onChange={(e) => setConcurrency(Math.min(32, Math.max(1, Number(e.target.value))))} />
        </label>
      </div>
      {folders && folders.length > 0 ? (
        <fieldset>
          <legend>Folders to sync</legend>
          {folders.map((f) => (
            <label key={f.containerId} className="switch">
              <input type="checkbox" checked={!excluded.has(f.containerId)} onChange={(e) => toggleFolder(f.containerId, e.target.checked)} />
              <span>{f.name}</span>
              {pair.settings.excludedFolders.includes(f.containerId) ? <span className="badge badge-muted">not syncing — left out by you</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label>
        Ignore rules (like .gitignore, one pattern per line)
        <textarea rows={4} value={rules} onChange={(e) => setRules(e.target.value)} spellCheck={false} placeholder={'*.log\nbuild/'} />
      </label>
      <ErrorNote error={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        {saved ? (
          <span className="muted" role="status">
            Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}

function withoutKeys(settings: Partial<AppSettings>, keys: readonly string[]): Partial<AppSettings> {
  return Object.fromEntries(Object.entries(settings).filter(([k]) => !keys.includes(k))) as Partial<AppSettings>;
}
