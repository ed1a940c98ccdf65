/** The app's live state: account, status and settings from the core, kept current by its events. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Account, ActivityEntry, DesktopClient, DesktopError, Result, SettingsView, Status } from '../../shared/desktop/api.ts';

interface Live {
  api: DesktopClient;
  account: Account | null;
  status: Status | null;
  settings: SettingsView | null;
  activity: ActivityStore;
  setAccount(a: Account): void;
  setSettings(s: SettingsView): void;
  refresh(): Promise<void>;
}

const Ctx = createContext<Live | null>(null);

export function useLive(): Live {
  const v = useContext(Ctx);
  if (!v) throw new Error('useLive outside LiveProvider');
  return v;
}

/**
 * Activity entries by seq in arrival order, updated in place. Changes are published once per
 * animation frame, so a burst of progress events costs one render.
 */
export class ActivityStore {
  private readonly bySeq = new Map<number, ActivityEntry>();
  private order: number[] = [];
  private version = 0;
  private scheduled = false;
  private readonly listeners = new Set<() => void>();

  put(entries: ActivityEntry[]): void {
    for (const e of entries) {
      if (!this.bySeq.has(e.seq)) this.order.push(e.seq);
      this.bySeq.set(e.seq, e);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.version++;
      this.listeners.forEach((l) => l());
    });
  }

  /** Newest first. */
  at(index: number): ActivityEntry | undefined {
    const seq = this.order[this.order.length - 1 - index];
    return seq === undefined ? undefined : this.bySeq.get(seq);
  }

  get size(): number {
    return this.order.length;
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  snapshot = (): number => this.version;
}

export function useActivityVersion(store: ActivityStore): number {
  return useSyncExternalStore(store.subscribe, store.snapshot);
}

export function LiveProvider({ api, children }: { api: DesktopClient; children: ReactNode }) {
  const [account, setAccount] = useState<Account | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const activity = useMemo(() => new ActivityStore(), []);

  const refresh = useCallback(async () => {
    const [a, s, st] = await Promise.all([api.getAccount({}), api.getSettings({}), api.getStatus({})]);
    if (a.ok) setAccount(a.value);
    if (s.ok) setSettings(s.value);
    if (st.ok) setStatus(st.value);
  }, [api]);

  useEffect(() => {
    const unsubscribe = api.subscribe((e) => {
      switch (e.type) {
        case 'status':
          return setStatus(e.status);
        case 'account':
          return setAccount(e.account);
        case 'settings':
          return setSettings(e.settings);
        case 'activity':
          return activity.put([e.entry]);
        default:
          return;
      }
    });
    void refresh();
    void api.listActivity({ limit: 100_000 }).then((r) => r.ok && activity.put(r.value.entries));
    return unsubscribe;
  }, [api, activity, refresh]);

  // 'system' follows the OS as it changes; the stylesheet knows only light and dark.
  useEffect(() => {
    const theme = settings?.settings.theme ?? 'system';
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => (document.documentElement.dataset.theme = theme === 'system' ? (dark.matches ? 'dark' : 'light') : theme);
    apply();
    dark.addEventListener('change', apply);
    return () => dark.removeEventListener('change', apply);
  }, [settings?.settings.theme]);

  const value = useMemo<Live>(() => ({ api, account, status, settings, activity, setAccount, setSettings, refresh }), [api, account, status, settings, activity, refresh]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Runs an API call, tracking whether it is under way and its error, for forms and buttons. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DesktopError | null>(null);
  const run = useCallback(async <T,>(work: () => Promise<Result<T>>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      const r = await work();
      if (!r.ok) {
        setError(r.error);
        return undefined;
      }
      return r.value;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}
