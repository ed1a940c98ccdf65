/**
 * DesktopApi over Electron IPC (docs/architecture.md, "The desktop app"): one `invoke` channel for calls, one channel for
 * events. Every call's sender must be a frame showing the app's own page; the Dispatcher then
 * checks the method name and arguments. Written against the small part of ipcMain it uses, so
 * tests drive it with a fake and no Electron.
 */
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type DesktopEvent, type Result } from '../../shared/desktop/api.ts';
import type { Dispatcher } from '../desktop/dispatcher.ts';

export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcOptions {
  ipcMain: IpcMainLike;
  dispatcher: Dispatcher;
  /** Whether a frame URL is the app's own page (policy.isAppUrl). */
  isTrustedFrame: (url: string) => boolean;
}

const REFUSED: Result<never> = { ok: false, error: { code: 'UNAUTHORIZED', message: 'calls are accepted only from the app\'s own page' } };

/** Registers the call channel; returns what removes it. */
export function registerIpc(o: IpcOptions): () => void {
  o.ipcMain.handle(IPC_CALL_CHANNEL, async (event, method, args, ...extra) => {
    const url = event.senderFrame?.url;
    if (!url || !o.isTrustedFrame(url)) return REFUSED;
    if (extra.length > 0) return { ok: false, error: { code: 'INVALID_ARGUMENTS', message: 'one argument object per call' } } satisfies Result<never>;
    return o.dispatcher.dispatch(method, args);
  });
  return () => o.ipcMain.removeHandler(IPC_CALL_CHANNEL);
}

export interface WebContentsLike {
  isDestroyed(): boolean;
  send(channel: string, event: DesktopEvent): void;
}

/** Sends every core event to a window while it lives. */
export function forwardEvents(subscribe: (l: (e: DesktopEvent) => void) => () => void, target: WebContentsLike): () => void {
  const unsubscribe = subscribe((event) => {
    if (target.isDestroyed()) return unsubscribe();
    target.send(IPC_EVENT_CHANNEL, event);
  });
  return unsubscribe;
}
