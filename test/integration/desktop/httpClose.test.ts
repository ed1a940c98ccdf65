/**
 * A stopping core closes its loopback server even while the UI holds connections open: a request
 * still sending its body, as a page does when it is cut off. close() used to wait for every such
 * connection, so `folio start` never exited on SIGTERM while a browser tab was connected.
 */
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { startHeadless } from '../../../main/desktop/headless.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { NO_MANAGED_SETTINGS } from '../../../main/desktop/managedSettings.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

it('closes while a request on it is still sending its body', async () => {
  const state = tempDir('folio-desk-close-');
  const h = await startHeadless({ stateDir: state, keychain: new MemoryKeychain('test'), managed: NO_MANAGED_SETTINGS });
  try {
    const req = request({ host: '127.0.0.1', port: h.ui.port, path: '/api/getAccount', method: 'POST', headers: { authorization: `Bearer ${h.ui.token}`, 'content-type': 'application/json', 'content-length': '100' } });
    const ended = new Promise<void>((resolve) => req.on('error', () => resolve()).on('close', () => resolve()));
    const connected = new Promise<void>((resolve) => req.on('socket', (socket) => socket.on('connect', () => resolve())));
    req.write('{"');
    await connected;
    await h.close();
    await ended;
    expect(req.destroyed).toBe(true);
  } finally {
    removeDir(state);
  }
});
