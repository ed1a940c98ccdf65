/**
 * Managed settings: what IT sets for every install (docs/architecture.md, "The desktop app"). The same keys on each platform:
 *
 *   ServerUrl          the service to sign in to (prefilled, the user types only their login)
 *   ClientId           the API client to sign in with
 *   DisableAutoUpdate  true: no auto-update, and the user cannot turn it on
 *   UpdateUrl          where electron-updater looks for releases (overrides the built-in feed)
 *   LockedSettings     app settings the user cannot change (a list, or a comma-separated string)
 *   StartAtLogin, Notifications, AutoUpdate, PauseAll, PollSeconds, Theme
 *                      a value for that app setting, which also locks it
 *
 * Sources: Linux `/etc/folio/managed.json` (accepted only if owned by root and not writable by
 * group or others: otherwise any local user could point every install at their own server);
 * Windows `HKLM\SOFTWARE\Policies\Folio\Desktop`, then HKCU's, machine winning over user; macOS
 * the managed preferences of a configuration profile for the app's domain.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { Compile } from 'typebox/compile';
import { AppSettings, type AppSettingName } from '../../shared/desktop/api.ts';

const run = promisify(execFile);

export const LINUX_MANAGED_PATH = '/etc/folio/managed.json';
export const WINDOWS_POLICY_KEY = 'SOFTWARE\\Policies\\Folio\\Desktop';
export const MAC_DOMAIN = 'dev.folio.desktop';
export const MAC_MANAGED_DIR = '/Library/Managed Preferences';

export interface ManagedSettings {
  serverUrl: string;
  clientId: string;
  updateUrl: string;
  /** Values IT set; each of these is locked too. */
  forced: Partial<AppSettings>;
  locked: AppSettingName[];
  /** Where the settings came from, for the about box. */
  sources: string[];
  /** Values or files that were refused, and why. */
  problems: string[];
}

export const NO_MANAGED_SETTINGS: ManagedSettings = { serverUrl: '', clientId: '', updateUrl: '', forced: {}, locked: [], sources: [], problems: [] };

const SETTING_NAMES = Object.keys(AppSettings.properties) as AppSettingName[];
const checkSettings = Compile(AppSettings);

type Raw = Record<string, unknown>;

/** Reads one source's flat key/value map into managed settings; unknown keys are reported, not fatal. */
export function normalize(raw: Raw, source: string): ManagedSettings {
  const out: ManagedSettings = { ...NO_MANAGED_SETTINGS, forced: {}, locked: [], sources: [source], problems: [] };
  const bad = (key: string, why: string) => out.problems.push(`${source}: ${key} ${why}`);
  for (const [key, value] of Object.entries(raw)) {
    const k = key.toLowerCase();
    if (k === 'serverurl' || k === 'updateurl') {
      if (typeof value !== 'string' || !/^https?:\/\/\S+$/.test(value)) bad(key, 'must be an http(s) URL');
      else out[k === 'serverurl' ? 'serverUrl' : 'updateUrl'] = value.replace(/\/+$/, '');
    } else if (k === 'clientid') {
      if (typeof value !== 'string' || value === '') bad(key, 'must be a non-empty string');
      else out.clientId = value;
    } else if (k === 'disableautoupdate') {
      const b = asBool(value);
      if (b === undefined) bad(key, 'must be true or false');
      else if (b) lock(out, 'autoUpdate', false);
    } else if (k === 'lockedsettings') {
      const names = typeof value === 'string' ? value.split(/[,;\s]+/).filter(Boolean) : Array.isArray(value) ? value : null;
      if (!names) bad(key, 'must be a list of setting names');
      else
        for (const n of names) {
          const name = SETTING_NAMES.find((s) => s.toLowerCase() === String(n).toLowerCase());
          if (name) addLock(out, name);
          else bad(key, `names an unknown setting ${JSON.stringify(n)}`);
        }
    } else {
      const name = SETTING_NAMES.find((s) => s.toLowerCase() === k);
      if (!name) {
        bad(key, 'is not a managed setting');
        continue;
      }
      const coerced = coerce(name, value);
      if (coerced === undefined) bad(key, 'has a value of the wrong type');
      else lock(out, name, coerced);
    }
  }
  return out;
}

function lock<K extends AppSettingName>(out: ManagedSettings, name: K, value: AppSettings[K]): void {
  out.forced[name] = value;
  addLock(out, name);
}

function addLock(out: ManagedSettings, name: AppSettingName): void {
  if (!out.locked.includes(name)) out.locked.push(name);
}

function asBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string' && /^(true|false|1|0)$/i.test(v)) return /^(true|1)$/i.test(v);
  return undefined;
}

/** A value as the setting's type (registry DWORDs and strings, plist integers), or undefined. */
function coerce(name: AppSettingName, v: unknown): AppSettings[AppSettingName] | undefined {
  const schema = AppSettings.properties[name] as { type?: string };
  let value: unknown = v;
  if (schema.type === 'boolean') value = asBool(v);
  else if (schema.type === 'integer' && typeof v === 'string' && /^\d+$/.test(v)) value = Number(v);
  const probe = { ...DEFAULT_PROBE, [name]: value };
  return checkSettings.Check(probe) ? (value as AppSettings[AppSettingName]) : undefined;
}

const DEFAULT_PROBE: AppSettings = { startAtLogin: false, notifications: true, autoUpdate: true, pauseAll: false, pollSeconds: 30, theme: 'system', localOnly: false };

/** Later sources win over earlier ones, key by key; locks add up. */
export function merge(...layers: ManagedSettings[]): ManagedSettings {
  const out: ManagedSettings = { ...NO_MANAGED_SETTINGS, forced: {}, locked: [], sources: [], problems: [] };
  for (const l of layers) {
    if (l.serverUrl) out.serverUrl = l.serverUrl;
    if (l.clientId) out.clientId = l.clientId;
    if (l.updateUrl) out.updateUrl = l.updateUrl;
    Object.assign(out.forced, l.forced);
    for (const n of l.locked) addLock(out, n);
    out.sources.push(...l.sources);
    out.problems.push(...l.problems);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Linux

/**
 * The managed file, if it is safe: a regular file owned by `ownerUid` (root) that neither group
 * nor others may write. A missing file is no settings and no problem.
 */
export async function readLinuxManaged(path = LINUX_MANAGED_PATH, ownerUid = 0): Promise<ManagedSettings> {
  const st = await stat(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : err));
  if (st === null) return NO_MANAGED_SETTINGS;
  const refuse = (why: string) => ({ ...NO_MANAGED_SETTINGS, problems: [`${path}: ignored, ${why}`] });
  if (st instanceof Error) return refuse(`cannot be read (${st.code ?? st.message})`);
  if (!st.isFile()) return refuse('not a regular file');
  if (st.uid !== ownerUid) return refuse(`owned by uid ${st.uid}, not ${ownerUid}`);
  if ((st.mode & 0o022) !== 0) return refuse(`writable by group or others (mode ${(st.mode & 0o777).toString(8)})`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    return refuse(`not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refuse('not a JSON object');
  return normalize(raw as Raw, path);
}

// ---------------------------------------------------------------------------------------------
// Windows

/** Parses `reg query <key>` output: `    Name    REG_TYPE    value` lines, in the key's own section. */
export function parseRegQuery(output: string): Raw {
  const out: Raw = {};
  for (const line of output.split(/\r?\n/)) {
    const m = /^\s{2,}(\S(?:.*?\S)?)\s{2,}(REG_SZ|REG_EXPAND_SZ|REG_DWORD|REG_QWORD|REG_MULTI_SZ)(?:\s+(.*))?$/.exec(line);
    if (!m) continue;
    const [, name, type, value = ''] = m as unknown as [string, string, string, string];
    const v = value.trim();
    if (type === 'REG_DWORD' || type === 'REG_QWORD') out[name] = Number.parseInt(v, 16);
    else if (type === 'REG_MULTI_SZ') out[name] = v.split('\\0').filter(Boolean);
    else out[name] = v;
  }
  return out;
}

export type RegQuery = (hive: 'HKLM' | 'HKCU', key: string) => Promise<string | null>;

const realRegQuery: RegQuery = async (hive, key) => {
  try {
    const { stdout } = await run('reg', ['query', `${hive}\\${key}`], { encoding: 'utf8', windowsHide: true, timeout: 10_000 });
    return stdout;
  } catch {
    // reg exits 1 when the key does not exist: no policy.
    return null;
  }
};

export async function readWindowsManaged(query: RegQuery = realRegQuery): Promise<ManagedSettings> {
  const layer = async (hive: 'HKLM' | 'HKCU') => {
    const out = await query(hive, WINDOWS_POLICY_KEY);
    return out === null ? NO_MANAGED_SETTINGS : normalize(parseRegQuery(out), `${hive}\\${WINDOWS_POLICY_KEY}`);
  };
  // The user's layer first, the machine's over it: machine wins.
  return merge(await layer('HKCU'), await layer('HKLM'));
}

// ---------------------------------------------------------------------------------------------
// macOS

/** Parses an XML property list whose root is a dict of strings, integers, booleans and string arrays. */
export function parsePlist(xml: string): Raw {
  const body = /<dict>([\s\S]*)<\/dict>\s*<\/plist>/.exec(xml)?.[1];
  if (body === undefined) throw new Error('not an XML property list with a dict');
  const out: Raw = {};
  const token = /<key>([^<]*)<\/key>\s*(<string>([^<]*)<\/string>|<string\/>|<integer>(-?\d+)<\/integer>|<(true|false)\/>|<array>([\s\S]*?)<\/array>|<array\/>)/g;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const key = decodeXml(m[1] as string);
    if (m[3] !== undefined) out[key] = decodeXml(m[3]);
    else if (m[2] === '<string/>') out[key] = '';
    else if (m[4] !== undefined) out[key] = Number(m[4]);
    else if (m[5] !== undefined) out[key] = m[5] === 'true';
    else if (m[6] !== undefined) out[key] = [...m[6].matchAll(/<string>([^<]*)<\/string>/g)].map((s) => decodeXml(s[1] as string));
    else out[key] = [];
  }
  return out;
}

function decodeXml(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e] as string);
}

/** The profile's managed preferences for the app's domain (binary plists are converted by plutil). */
export async function readMacManaged(dir = MAC_MANAGED_DIR, domain = MAC_DOMAIN): Promise<ManagedSettings> {
  const path = `${dir}/${domain}.plist`;
  if (!(await stat(path).catch(() => null))) return NO_MANAGED_SETTINGS;
  try {
    const { stdout } = await run('plutil', ['-convert', 'xml1', '-o', '-', path], { encoding: 'utf8', timeout: 10_000 });
    return normalize(parsePlist(stdout), path);
  } catch (err) {
    return { ...NO_MANAGED_SETTINGS, problems: [`${path}: ignored (${err instanceof Error ? err.message : String(err)})`] };
  }
}

export async function readManagedSettings(platform: NodeJS.Platform = process.platform): Promise<ManagedSettings> {
  if (platform === 'win32') return readWindowsManaged();
  if (platform === 'darwin') return readMacManaged();
  return readLinuxManaged();
}
