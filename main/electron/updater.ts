/**
 * Auto-update through electron-updater, as managed settings allow: IT can turn it off
 * (DisableAutoUpdate, which locks the autoUpdate setting) or point it at its own feed (UpdateUrl);
 * otherwise the user's autoUpdate setting decides. The rule is ./updatePolicy.ts; this file only
 * drives electron-updater by it.
 */
import electronUpdater from 'electron-updater';
import type { AppSettings } from '../../shared/desktop/api.ts';
import type { ManagedSettings } from '../desktop/managedSettings.ts';
import { autoUpdateEnabled, updateFeed } from './updatePolicy.ts';

const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export interface UpdaterControl {
  apply(settings: AppSettings): void;
  stop(): void;
}

export function startUpdater(managed: ManagedSettings, initial: AppSettings, log: (line: string) => void): UpdaterControl {
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  const feed = updateFeed(managed);
  if (feed) autoUpdater.setFeedURL(feed);
  autoUpdater.on('error', (err: Error) => log(`update check failed: ${err.message}`));
  let timer: NodeJS.Timeout | null = null;
  const check = () => void autoUpdater.checkForUpdatesAndNotify().catch((err: unknown) => log(`update check failed: ${err instanceof Error ? err.message : String(err)}`));
  const apply = (settings: AppSettings) => {
    const enabled = autoUpdateEnabled(managed, settings);
    if (enabled && !timer) {
      check();
      timer = setInterval(check, CHECK_EVERY_MS);
    } else if (!enabled && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  apply(initial);
  return { apply, stop: () => timer && clearInterval(timer) };
}
