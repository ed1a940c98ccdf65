/** Where a per-user install keeps its data, by the conventions of each platform. */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export interface Platform {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
}

const CURRENT: Platform = { platform: process.platform, env: process.env, home: homedir() };

/**
 * Windows: %APPDATA%\Folio. macOS: ~/Library/Application Support/Folio. Elsewhere the XDG base
 * directory spec: $XDG_DATA_HOME/folio, or ~/.local/share/folio when it is unset or relative
 * (the spec says a relative value is invalid and must be ignored).
 */
export function appDataDir({ platform, env, home }: Platform = CURRENT): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Folio');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Folio');
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), 'folio');
}
