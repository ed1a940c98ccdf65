/**
 * First run: connect to a Folio service. The person types only the service's address (nothing when
 * IT set it through managed settings) and signs in on the service's own page in the browser
 * (RFC 8252); the app never sees the password. Client credentials stay under "Advanced", for
 * application-only use and scripts.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Account } from '../../../shared/desktop/api.ts';
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
  const [waiting, setWaiting] = useState(false);
  const browser = useAction();
  const localOnly = useLocalOnly();

  const signedIn = async (a: Account | undefined) => {
    if (!a) return;
    setAccount(a);
    await refresh();
  };

  const signInWithBrowser = async (e: FormEvent) => {
    e.preventDefault();
    // Opened now, while the click still counts as the person's gesture: a tab opened after an
    // answer from the app would be blocked as a pop-up. Electron opens the system browser itself.
    const tab = window.folio ? null : window.open('', '_blank');
    const start = await browser.run(() => api.beginBrowserSignIn({ serviceUrl: serviceUrl.trim() }));
    if (!start) {
      tab?.close();
      return;
    }
    if (!start.opened) {
      if (tab) {
        // The service's page must not reach back into this window.
        tab.opener = null;
        tab.location.href = start.authorizationUrl;
      } else {
        window.open(start.authorizationUrl, '_blank', 'noopener');
      }
    }
    setWaiting(true);
    const a = await browser.run(() => api.finishBrowserSignIn({}));
    setWaiting(false);
    await signedIn(a);
  };

  const cancel = async () => {
    await api.cancelBrowserSignIn({});
  };

  return (
    <main className="signin">
      <div className="card signin-card">
        <div className="brand brand-large" aria-hidden="true">
          <BrandMark />
          Folio
        </div>
        <h1 id="signin-title">Connect to your Folio service</h1>
        <p className="muted">Your folders sync with the service you sign in to.{account?.keychain.available ?  " Secrets stay in this computer's keychain." : ''}</p>
        {account && !account.keychain.available ? (
          <div className="note note-warn" role="status">
            <p>No keychain is available on this computer: Folio keeps your secret in memory only, so you will sign in again each time it starts.</p>
            <p className="small muted">{account.keychain.detail}</p>
          </div>
        ) : null}
        {waiting ? (
          <div className="signin-waiting" role="status" aria-live="polite">
            <p>
              <strong>Finish signing in in your browser.</strong> A page of {hostOf(serviceUrl)} opened in a new tab; come back here when it says you are signed in.
            </p>
            <button type="button" className="wide" onClick={() => void cancel()}>
              Cancel
            </button>
          </div>
        ) : (
          <form onSubmit={signInWithBrowser} aria-labelledby="signin-title">
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
            <ErrorNote error={browser.error} />
            <button type="submit" className="primary wide" disabled={browser.busy}>
              {browser.busy ? 'Opening your browser…' : 'Sign in with your browser'}
            </button>
          </form>
        )}
        <details className="signin-advanced">
          <summary>Advanced: sign in with a client ID and secret</summary>
          <ClientCredentials serviceUrl={serviceUrl} clientIdDefault={managed.clientId || account?.clientId || ''} clientIdLocked={Boolean(managed.clientId)} onSignedIn={signedIn} />
        </details>
        {localOnly.locked ? null : (
          <div className="signin-alt">
            <button type="button" className="wide" disabled={localOnly.busy} onClick={() => void localOnly.choose(true)}>
              Use Folio without a service
            </button>
            <p className="muted small">Nothing syncs until you connect a service, which you can do later from Settings.</p>
            <ErrorNote error={localOnly.error} />
          </div>
        )}
      </div>
    </main>
  );
}

/** For application-only use and scripts: the API client's id and secret, and optionally a login. */
function ClientCredentials({ serviceUrl, clientIdDefault, clientIdLocked, onSignedIn }: { serviceUrl: string; clientIdDefault: string; clientIdLocked: boolean; onSignedIn: (a: Account | undefined) => Promise<void> }) {
  const { api, account } = useLive();
  const [clientId, setClientId] = useState(clientIdDefault);
  const [clientSecret, setClientSecret] = useState('');
  const [userName, setUserName] = useState(account?.userName ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await onSignedIn(
      await run(() => api.signIn({ serviceUrl: serviceUrl.trim(), clientId: clientId.trim(), clientSecret, ...(userName.trim() ? { userName: userName.trim(), password } : {}) })),
    );
  };

  return (
    <form onSubmit={submit} aria-label="Application sign-in">
      <p className="muted small">For application-only use and scripts. Uses the service URL above.</p>
      <div className="row">
        <label>
          Client ID
          <input required value={clientId} onChange={(e) => setClientId(e.target.value)} readOnly={clientIdLocked} autoComplete="off" spellCheck={false} />
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
      <button type="submit" className="wide" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in with client credentials'}
      </button>
    </form>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'your service';
  }
}
