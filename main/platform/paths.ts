/** Where Folio keeps its state on each platform, unless told otherwise. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function appDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Folio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Folio');
  return join(env.XDG_DATA_HOME || join(env.HOME ?? homedir(), '.local', 'share'), 'folio');
}
