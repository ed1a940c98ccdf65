/**
 * The preload script: exposes DesktopApi on `window.folio`, and nothing else (docs/architecture.md, "The desktop app"). Each
 * method is one invoke on the call channel; events arrive on the event channel. The renderer never
 * sees ipcRenderer itself.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, METHOD_NAMES, type DesktopClient, type DesktopEvent } from '../shared/desktop/api.ts';

const api = Object.fromEntries(METHOD_NAMES.map((m) => [m, (args: unknown) => ipcRenderer.invoke(IPC_CALL_CHANNEL, m, args ?? {})])) as unknown as Omit<DesktopClient, 'subscribe'>;

const client: DesktopClient = {
  ...api,
  subscribe(listener) {
    const relay = (_event: unknown, e: DesktopEvent) => listener(e);
    ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
    return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
  },
};

contextBridge.exposeInMainWorld('folio', client);
