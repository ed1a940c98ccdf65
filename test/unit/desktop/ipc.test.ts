/** The IPC transport against a fake ipcMain with Electron's handle/removeHandler surface. */
import { describe, expect, it } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, METHOD_NAMES, type DesktopEvent } from '../../../shared/desktop/api.ts';
import { Dispatcher, type Handlers } from '../../../main/desktop/dispatcher.ts';
import { EventHub } from '../../../main/desktop/events.ts';
import { forwardEvents, registerIpc, type IpcMainLike, type InvokeEventLike } from '../../../main/electron/ipc.ts';
import { isAppUrl } from '../../../main/electron/policy.ts';

const DIST = '/app/renderer/dist/';
const APP_FRAME = { senderFrame: { url: `file://${DIST}index.html` } };
const ACCOUNT = { signedIn: false, serviceUrl: '', clientId: '', userName: '', tenantId: '', userId: '', keychain: { available: true, backend: 'os-keychain', detail: '' } };

/** Like Electron's ipcMain: one handler per channel, invoking an unhandled channel rejects. */
class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  async invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`No handler registered for '${channel}'`);
    return h(event, ...args);
  }
}

function setup() {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    METHOD_NAMES.map((m) => [
      m,
      async () => {
        calls.push(m);
        return ACCOUNT;
      },
    ]),
  ) as unknown as Handlers;
  const ipc = new FakeIpcMain();
  const dispose = registerIpc({ ipcMain: ipc, dispatcher: new Dispatcher(handlers, () => {}), isTrustedFrame: (url) => isAppUrl(url, DIST) });
  return { ipc, calls, dispose };
}

describe('IPC transport', () => {
  it('registers exactly one call channel; other channels have no handler', async () => {
    const { ipc, dispose } = setup();
    expect([...ipc.handlers.keys()]).toEqual([IPC_CALL_CHANNEL]);
    await expect(ipc.invoke('folio:admin', APP_FRAME, 'getAccount', {})).rejects.toThrow(/No handler/);
    dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers calls from the app\'s own page through the dispatcher', async () => {
    const { ipc, calls } = setup();
    expect(await ipc.invoke(IPC_CALL_CHANNEL, APP_FRAME, 'getAccount', {})).toEqual({ ok: true, value: ACCOUNT });
    expect(calls).toEqual(['getAccount']);
  });

  it('refuses senders whose frame is not the app (or is gone) before anything runs', async () => {
    const { ipc, calls } = setup();
    for (const frame of [{ senderFrame: { url: 'https://evil.example/' } }, { senderFrame: { url: 'file:///tmp/evil.html' } }, { senderFrame: { url: '' } }, { senderFrame: null }]) {
      expect(await ipc.invoke(IPC_CALL_CHANNEL, frame, 'getAccount', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect(calls).toEqual([]);
  });

  it('refuses unknown methods, bad arguments and extra positional arguments', async () => {
    const { ipc, calls } = setup();
    expect(await ipc.invoke(IPC_CALL_CHANNEL, APP_FRAME, 'constructor', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await ipc.invoke(IPC_CALL_CHANNEL, APP_FRAME, 'removePair', { pairId: 7 })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await ipc.invoke(IPC_CALL_CHANNEL, APP_FRAME, 'getAccount', {}, 'extra')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(calls).toEqual([]);
  });

  it('forwards core events to a window until it is destroyed', () => {
    const hub = new EventHub();
    const sent: [string, DesktopEvent][] = [];
    let destroyed = false;
    forwardEvents((l) => hub.subscribe(l), { isDestroyed: () => destroyed, send: (c, e) => sent.push([c, e]) });
    const notice: DesktopEvent = { type: 'notice', level: 'info', title: 't', body: 'b' };
    hub.emit(notice);
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, notice]]);
    destroyed = true;
    hub.emit(notice);
    expect(sent).toHaveLength(1);
    expect(hub.size).toBe(0);
  });
});
