/** `folio start` where Electron's runtime is missing: one line saying so, then the headless core and its web UI. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../../main/cli/start.ts';
import { FOLIO_BIN, removeDir, tempDir } from '../../helpers/server.ts';

describe('folio start', () => {
  it.runIf(electronBinary() === null)('says Electron is missing in one line, then serves the web UI with a token, with no service configured', async () => {
    const state = tempDir('folio-start-');
    const child = spawn(process.execPath, [FOLIO_BIN, 'start', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no UI line in: ${out}`)), 30_000);
      child.stdout.on('data', () => {
        const m = /^ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43,})$/m.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          ok(m[1]);
        }
      });
    });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/Electron runtime is not installed/);
    const base = url.split('#')[0] as string;
    const token = url.split('#token=')[1] as string;
    expect((await fetch(base)).status).toBe(200);
    const account = await fetch(`${base}api/getAccount`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await account.json()).toMatchObject({ ok: true, value: { signedIn: false } });
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    removeDir(state);
  });
});
