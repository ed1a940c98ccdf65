/**
 * Start at login on Linux, where Electron's setLoginItemSettings does nothing: an entry in the
 * user's XDG autostart folder (freedesktop.org Desktop Application Autostart Specification), which
 * GNOME, KDE, Xfce and the other desktops read at login.
 */
import { mkdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { replaceFile } from './durable.ts';

export const AUTOSTART_FILE = 'dev.folio.desktop.desktop';

export function autostartDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME ?? homedir(), '.config'), 'autostart');
}

/** Desktop-entry quoting for an Exec argument: reserved characters make it a quoted string. */
function execArgument(arg: string): string {
  if (!/[\s"'\\`$<>|;&*?#()~=%]/.test(arg) && arg !== '') return arg;
  return `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`;
}

/** Adds the entry (running `command` hidden, in the tray) or removes it. */
export async function setLinuxAutostart(enabled: boolean, command: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = join(autostartDir(env), AUTOSTART_FILE);
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(autostartDir(env), { recursive: true });
  const entry = [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Folio',
    'Comment=Keeps your folders in sync',
    `Exec=${[...command, '--hidden'].map(execArgument).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
  await replaceFile(file, entry);
}
