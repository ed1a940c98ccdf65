/**
 * When the app checks for updates, and where, as pure functions of the managed and app settings,
 * so unit tests read exactly what updater.ts applies. Nothing here imports 'electron'.
 */
import type { AppSettings } from '../../shared/desktop/api.ts';
import type { ManagedSettings } from '../desktop/managedSettings.ts';

/** electron-updater's generic provider: a folder of releases with their latest*.yml files. */
export interface UpdateFeed {
  provider: 'generic';
  url: string;
}

/**
 * A value IT forced wins over the user's setting both ways; DisableAutoUpdate arrives here as a
 * forced `false`. The settings are usually merged with the forced values already (core.settings()),
 * but the updater is where turning updates off must hold, so it does not rely on that.
 */
export function autoUpdateEnabled(managed: Pick<ManagedSettings, 'forced'>, settings: AppSettings): boolean {
  return managed.forced.autoUpdate ?? settings.autoUpdate;
}

/** The managed UpdateUrl's feed, or null for the one built into the app (electron-builder's publish config). */
export function updateFeed(managed: Pick<ManagedSettings, 'updateUrl'>): UpdateFeed | null {
  return managed.updateUrl ? { provider: 'generic', url: managed.updateUrl } : null;
}
