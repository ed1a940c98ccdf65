/**
 * Start at login on Linux (main/platform/autostart.ts): an XDG autostart entry in a real folder,
 * as the desktop session reads it at login.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTOSTART_FILE, autostartDir, setLinuxAutostart } from '../../../main/platform/autostart.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let home: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  home = tempDir('folio-autostart-');
  env = { HOME: home };
});
afterEach(() => removeDir(home));

const entry = () => join(home, '.config', 'autostart', AUTOSTART_FILE);

describe('start at login on Linux', () => {
  it('writes a desktop entry that starts the app hidden, and removes it again', async () => {
    await setLinuxAutostart(true, ['/opt/Folio/folio'], env);
    const lines = readFileSync(entry(), 'utf8').split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toContain('Type=Application');
    expect(lines).toContain('Exec=/opt/Folio/folio --hidden');
    expect(lines).toContain('X-GNOME-Autostart-enabled=true');

    await setLinuxAutostart(false, ['/opt/Folio/folio'], env);
    expect(existsSync(entry())).toBe(false);
    await setLinuxAutostart(false, ['/opt/Folio/folio'], env);
  });

  it('quotes a path with spaces and reserved characters as the specification asks', async () => {
    await setLinuxAutostart(true, ['/home/ann/My Apps/Folio-1.0 $x%.AppImage'], env);
    expect(readFileSync(entry(), 'utf8')).toContain('Exec="/home/ann/My Apps/Folio-1.0 \\$x%%.AppImage" --hidden\n');
  });

  it('uses XDG_CONFIG_HOME when it is set', () => {
    expect(autostartDir({ HOME: '/home/ann', XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/autostart');
    expect(autostartDir({ HOME: '/home/ann' })).toBe('/home/ann/.config/autostart');
  });
});
