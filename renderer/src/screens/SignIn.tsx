/**
 * First run: connect to a Folio service. Managed settings prefill the client, and fix the service:
 * its field is then read-only, and says why (the core refuses any other service anyway).
 */
import { useId, useState, type FormEvent } from 'react';
import { useAction, useLive } from '../state.tsx';
import { useLocalOnly } from '../components/LocalOnly.tsx';
import { ErrorNote } from '../components/ui.tsx';
import { BrandMark } from '../components/BrandMark.tsx';

export function SignIn() {
  const { api, account, settings, setAccount, refresh } = useLive();
  const managed = settings?.managed ?? { serverUrl: '', clientId: '' };
  const serverLocked = Boolean(managed.serverUrl);
  const [typedUrl, setServiceUrl] = useState(account?.serviceUrl ?? '');
  const serviceUrl = serverLocked ? managed.serverUrl : typedUrl;
  const lockNote = useId();
  const [clientId, setClientId] = useState(managed.clientId || account?.clientId || '');
  const [clientSecret, setClientSecret] = useState('');
  const [userName, setUserName] = useState(account?.userName ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const localOnly = useLocalOnly();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const a = await run(() =>
      api.signIn({ serviceUrl: serviceUrl.trim(), clientId: clientId.trim(), clientSecret, ...(userName.trim() ? { userName: userName.trim(), password } : {}) }),
    );
    if (a) {
      setAccount(a);
      await refresh();
    }
  };

  return (
    <main className="signin">
      <form className="card signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <div className="brand brand-large" aria-hidden="true">
          <BrandMark />
          Folio
        </div>
        <h1 id="signin-title">Connect to your Folio service</h1>
        <p className="muted">Your folders sync with the service you sign in to.{account?.keychain.available ? " Secrets stay in this computer's keychain." : ''}</p>
        {account && !account.keychain.available ? (
          <div className="note note-warn" role="status">
            <p>No keychain is available on this computer: Folio keeps your secret in memory only, so you will sign in again each time it starts.</p>
            <p className="small muted">{account.keychain.detail}</p>
          </div>
        ) : null}
        <label>
          Service URL
          <input
            type="url"
            required
            value={serviceUrl}
            onChange={(e) => setServiceUrl(e.target.value)}
            placeholder="https://folio.example.com"
            readOnly={serverLocked}
            aria-describedby={serverLocked ? lockNote : undefined}
            autoComplete="url"
          />
        </label>
        {serverLocked ? (
          <p id={lockNote} className="muted small field-note">
            Set by your administrator: this computer signs in to this service only.
          </p>
        ) : null}
        <div className="row">
          <label>
            Client ID
            <input required value={clientId} onChange={(e) => setClientId(e.target.value)} readOnly={Boolean(managed.clientId)} autoComplete="off" spellCheck={false} />
          </label>
          <label>
            Client secret
            <input type="password" required value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} autoComplete="off" />
          </label>
        </div>
        <fieldset>
          <legend>Your login (optional)</legend>
          <p className="muted small">Sign in as yourself to see what you can see; leave empty to act as the application.</p>
          <div className="row">
            <label>
              User name
              <input value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="username" />
            </label>
            <label>
              Password
              <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} required={Boolean(userName.trim())} autoComplete="current-password" />
            </label>
          </div>
        </fieldset>
        <ErrorNote error={error} />
        <button type="submit" className="primary wide" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {localOnly.locked ? null : (
          <div className="signin-alt">
            <button type="button" className="wide" disabled={localOnly.busy} onClick={() => void localOnly.choose(true)}>
              Use Folio without a service
            </button>
            <p className="muted small">Nothing syncs until you connect a service, which you can do later from Settings.</p>
            <ErrorNote error={localOnly.error} />
          </div>
        )}
      </form>
    </main>
  );
}
