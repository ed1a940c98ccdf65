/**
 * The auto-updater's rule, read as the decisions updater.ts applies (electron-updater never runs in
 * tests), with managed settings as each source's reader produces them.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../../main/desktop/core.ts';
import { merge, NO_MANAGED_SETTINGS, normalize } from '../../../main/desktop/managedSettings.ts';
import { autoUpdateEnabled, updateFeed } from '../../../main/electron/updatePolicy.ts';
import type { AppSettings } from '../../../shared/desktop/api.ts';

const settings = (autoUpdate: boolean): AppSettings => ({ ...DEFAULT_APP_SETTINGS, autoUpdate });

describe('whether the app checks for updates', () => {
  it("follows the user's setting when IT set nothing", () => {
    expect(autoUpdateEnabled(NO_MANAGED_SETTINGS, settings(true))).toBe(true);
    expect(autoUpdateEnabled(NO_MANAGED_SETTINGS, settings(false))).toBe(false);
  });

  it('never checks under DisableAutoUpdate, whatever the user set', () => {
    const managed = normalize({ DisableAutoUpdate: true }, 'test');
    expect(autoUpdateEnabled(managed, settings(true))).toBe(false);
    expect(autoUpdateEnabled(managed, settings(false))).toBe(false);
  });

  it('DisableAutoUpdate false leaves it to the user', () => {
    const managed = normalize({ DisableAutoUpdate: 'false' }, 'test');
    expect(autoUpdateEnabled(managed, settings(true))).toBe(true);
    expect(autoUpdateEnabled(managed, settings(false))).toBe(false);
  });

  it('an AutoUpdate value IT forced wins either way', () => {
    expect(autoUpdateEnabled(normalize({ AutoUpdate: 0 }, 'test'), settings(true))).toBe(false);
    expect(autoUpdateEnabled(normalize({ AutoUpdate: 1 }, 'test'), settings(false))).toBe(true);
  });

  it("the machine's DisableAutoUpdate wins over the user's policy turning it on (Windows: HKLM over HKCU)", () => {
    const managed = merge(normalize({ AutoUpdate: 1 }, 'HKCU'), normalize({ DisableAutoUpdate: 1 }, 'HKLM'));
    expect(autoUpdateEnabled(managed, settings(true))).toBe(false);
  });
});

describe('where the app looks for updates', () => {
  it("is the app's own feed unless IT set UpdateUrl", () => {
    expect(updateFeed(NO_MANAGED_SETTINGS)).toBeNull();
    expect(updateFeed(normalize({ ServerUrl: 'https://folio.example.com' }, 'test'))).toBeNull();
  });

  it("is IT's UpdateUrl as a generic feed, without its trailing slash", () => {
    expect(updateFeed(normalize({ UpdateUrl: 'https://updates.example.com/folio/' }, 'test'))).toEqual({ provider: 'generic', url: 'https://updates.example.com/folio' });
  });

  it('ignores an UpdateUrl that is not http(s), keeping the built-in feed', () => {
    expect(updateFeed(normalize({ UpdateUrl: 'file:///tmp/evil' }, 'test'))).toBeNull();
  });
});
