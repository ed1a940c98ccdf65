/**
 * How the UI reaches DesktopApi: the preload's `window.folio` inside Electron, else the loopback
 * HTTP transport of the headless web UI (calls as POST /api/<method>, events as Server-Sent
 * Events read with fetch, so the token travels in a header and never in a URL).
 */
import { METHOD_NAMES, type DesktopClient, type DesktopEvent, type Result } from '../../shared/desktop/api.ts';

declare global {
  interface Window {
    folio?: DesktopClient;
  }
}

const TOKEN_KEY = 'folio.token';

/**
 * Takes the token from the `#token=` fragment once, keeps it for this tab, and clears it from the
 * URL; the rest of the fragment stays (`#panel&token=…` opens the tray panel).
 */
export function takeToken(): string | null {
  const m = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (m?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, m[1]);
    const rest = window.location.hash.slice(1).split('&').filter((part) => !part.startsWith('token='));
    history.replaceState(null, '', window.location.pathname + window.location.search + (rest.length > 0 ? `#${rest.join('&')}` : ''));
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/**
 * A fresh link (`folio open`) opened in a tab that already shows Folio changes only the fragment,
 * which does not load the page again: start afresh, so that its token is the one in use.
 */
export function followNewLinks(): void {
  window.addEventListener('hashchange', () => {
    if (/(?:^#|&)token=/.test(window.location.hash)) window.location.reload();
  });
}

export function connect(): DesktopClient | null {
  if (window.folio) return window.folio;
  const token = takeToken();
  return token ? httpClient(new URL('./', window.location.href).href, token) : null;
}

const unreachable = (message: string): Result<never> => ({ ok: false, error: { code: 'INTERNAL', message } });

export function httpClient(base: string, token: string): DesktopClient {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const call = async (method: string, args: unknown): Promise<Result<unknown>> => {
    let res: Response;
    try {
      res = await fetch(`${base}api/${method}`, { method: 'POST', headers, body: JSON.stringify(args ?? {}) });
    } catch {
      return unreachable('The Folio app is not answering. Is it still running?');
    }
    try {
      return (await res.json()) as Result<unknown>;
    } catch {
      return unreachable(`The Folio app answered HTTP ${res.status}.`);
    }
  };
  const listeners = new Set<(e: DesktopEvent) => void>();
  let stream: AbortController | null = null;
  const open = () => {
    stream = new AbortController();
    void readEvents(`${base}api/events`, headers.authorization, stream.signal, (e) => listeners.forEach((l) => l(e)));
  };
  const api = Object.fromEntries(METHOD_NAMES.map((m) => [m, (args: unknown) => call(m, args)]));
  return {
    ...(api as unknown as Omit<DesktopClient, 'subscribe'>),
    subscribe(listener) {
      listeners.add(listener);
      if (!stream) open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stream?.abort();
          stream = null;
        }
      };
    },
  };
}

/** Reads an SSE stream, reconnecting after a drop, until aborted. */
async function readEvents(url: string, authorization: string, signal: AbortSignal, deliver: (e: DesktopEvent) => void): Promise<void> {
  while (!signal.aborted) {
    try {
      const res = await fetch(url, { headers: { authorization, accept: 'text/event-stream' }, signal });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const isMessage = !/^event: /m.test(block);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (isMessage && data) deliver(JSON.parse(data) as DesktopEvent);
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}
