/** The window: a sidebar of screens (a menu on narrow windows), the search bar, the offline banner, and the screen in view; or, at #panel, the tray panel. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Offline, SearchHit } from '../../shared/desktop/api.ts';
import { Activity } from './screens/Activity.tsx';
import { Conflicts } from './screens/Conflicts.tsx';
import { Documents } from './screens/Documents.tsx';
import { Pairs } from './screens/Pairs.tsx';
import { Panel } from './screens/Panel.tsx';
import { Settings } from './screens/Settings.tsx';
import { Shares } from './screens/Shares.tsx';
import { SignIn } from './screens/SignIn.tsx';
import { ConnectServiceButton } from './components/LocalOnly.tsx';
import { Badge } from './components/ui.tsx';
import { useLive } from './state.tsx';
import { BrandMark } from './components/BrandMark.tsx';
import { SearchBar } from './components/SearchBar.tsx';
import { openAtPage } from './screens/Documents.tsx';
import { moveFocusByArrow } from './arrows.ts';

const SCREENS = [
  { id: 'pairs', label: 'Folders', view: Pairs },
  { id: 'activity', label: 'Activity', view: Activity },
  { id: 'conflicts', label: 'Conflicts', view: Conflicts },
  { id: 'shares', label: 'Shares', view: Shares },
  { id: 'documents', label: 'Documents', view: Documents },
  { id: 'settings', label: 'Settings', view: Settings },
] as const;
type ScreenId = (typeof SCREENS)[number]['id'];

/** What waits for the service: files in the folders, and writes made through the local API. */
function waiting(o: Offline): string {
  const parts = [
    o.pendingUploads > 0 ? `${o.pendingUploads} file${o.pendingUploads === 1 ? '' : 's'} waiting to upload` : '',
    o.outboxLength > 0 ? `${o.outboxLength} ${o.pendingUploads > 0 ? 'other ' : ''}change${o.outboxLength === 1 ? '' : 's'} waiting` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/** The page's fragment, followed as it changes: the tray panel and the window are one page. */
function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return hash;
}

export function App() {
  const { api, account, status, settings } = useLive();
  const [screen, setScreen] = useState<ScreenId>('pairs');
  // A search result opens its document afresh, even on the Documents screen already.
  const [opened, setOpened] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hash = useHash();
  if (!account || !settings) return <p className="loading">Loading…</p>;
  if (hash === '#panel') return <Panel />;
  if (!account.signedIn && !settings.settings.localOnly) return <SignIn />;
  const View = (SCREENS.find((s) => s.id === screen) ?? SCREENS[0]).view;
  const conflicts = status?.pairs.reduce((n, p) => n + p.conflicts, 0) ?? 0;
  const openHit = async (hit: SearchHit, query: string) => {
    await openAtPage(api, hit, query);
    setOpened((n) => n + 1);
    setScreen('documents');
  };
  const choose = (id: ScreenId) => {
    setScreen(id);
    setMenuOpen(false);
  };
  // The menu (narrow windows only) closes on Escape and hands focus back to its button.
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="app">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Screens" data-menu={menuOpen ? 'open' : 'closed'} onKeyDown={closeOnEscape}>
        <div className="brand" aria-hidden="true">
          <BrandMark />
          Folio
        </div>
        <button ref={menuButton} type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="screens-list" onClick={() => setMenuOpen(!menuOpen)}>
          <span aria-hidden="true">☰</span> Menu
        </button>
        <ul id="screens-list" onKeyDown={moveFocusByArrow}>
          {SCREENS.map((s) => (
            <li key={s.id}>
              <button type="button" className="nav-item" data-arrow-item aria-current={screen === s.id ? 'page' : undefined} onClick={() => choose(s.id)}>
                {s.label}
                {s.id === 'conflicts' && conflicts > 0 ? <span className="count" aria-label={`${conflicts} conflicts`}>{conflicts}</span> : null}
              </button>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">{status ? <Badge state={status.state} /> : null}</div>
      </nav>
      <div className="content">
        <div className="topbar">
          <SearchBar onOpen={(hit, query) => void openHit(hit, query)} />
        </div>
        {!account.signedIn ? (
          <div className="banner banner-info" role="status">
            <strong>Local only.</strong> No service is connected, so no folder syncs; the local API serves what this computer already holds.{' '}
            <ConnectServiceButton className="link" />
          </div>
        ) : null}
        {status?.offline.offline ? (
          <div className="banner" role="status" aria-live="polite">
            <strong>You are offline.</strong> The service cannot be reached{waiting(status.offline)}. Folio keeps working and syncs when the service is back.
          </div>
        ) : null}
        <main id="main" tabIndex={-1}>
          <View key={screen === 'documents' ? opened : undefined} />
        </main>
      </div>
    </div>
  );
}
