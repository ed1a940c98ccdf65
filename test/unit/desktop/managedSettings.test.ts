import { chmodSync, chownSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merge, normalize, parsePlist, parseRegQuery, readLinuxManaged, readWindowsManaged, type RegQuery } from '../../../main/desktop/managedSettings.ts';

const isRoot = process.getuid?.() === 0;

function managedFile(content: string, mode = 0o644): string {
  const path = join(mkdtempSync(join(tmpdir(), 'folio-managed-')), 'managed.json');
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

describe('managed settings: normalizing one source', () => {
  it('reads the server, client, update policy, forced values and locks, keys in any case', () => {
    const m = normalize(
      { serverUrl: 'https://folio.example.com/', CLIENTID: 'cid', DisableAutoUpdate: 1, LockedSettings: 'pauseAll, theme', PollSeconds: '60', startAtLogin: true },
      'test',
    );
    expect(m.serverUrl).toBe('https://folio.example.com');
    expect(m.clientId).toBe('cid');
    expect(m.forced).toEqual({ autoUpdate: false, pollSeconds: 60, startAtLogin: true });
    expect(m.locked.sort()).toEqual(['autoUpdate', 'pauseAll', 'pollSeconds', 'startAtLogin', 'theme']);
    expect(m.problems).toEqual([]);
  });

  it('reports bad values and unknown keys instead of applying them', () => {
    const m = normalize({ serverUrl: 'javascript:alert(1)', pollSeconds: 1, theme: 'neon', LockedSettings: ['nope'], Colour: 'red', disableAutoUpdate: 'maybe' }, 'src');
    expect(m.serverUrl).toBe('');
    expect(m.forced).toEqual({});
    expect(m.locked).toEqual([]);
    expect(m.problems).toHaveLength(6);
    expect(m.problems.every((p) => p.startsWith('src: '))).toBe(true);
  });

  it('DisableAutoUpdate false changes nothing', () => {
    expect(normalize({ DisableAutoUpdate: false }, 's').forced).toEqual({});
  });
});

describe('managed settings: Linux /etc/folio/managed.json', () => {
  it('a missing file is no settings and no problem', async () => {
    const m = await readLinuxManaged('/nonexistent/folio/managed.json');
    expect(m).toMatchObject({ serverUrl: '', problems: [] });
  });

  it.runIf(isRoot)('accepts a root-owned file that only its owner can write', async () => {
    const path = managedFile(JSON.stringify({ ServerUrl: 'https://dms.example.org', ClientId: 'desk', LockedSettings: ['pauseAll'] }), 0o644);
    const m = await readLinuxManaged(path);
    expect(m).toMatchObject({ serverUrl: 'https://dms.example.org', clientId: 'desk', locked: ['pauseAll'], sources: [path], problems: [] });
  });

  it.runIf(isRoot)('refuses a file writable by group or others', async () => {
    for (const mode of [0o664, 0o646, 0o666, 0o777]) {
      const path = managedFile(JSON.stringify({ ServerUrl: 'https://evil.example' }), mode);
      const m = await readLinuxManaged(path);
      expect(m.serverUrl, mode.toString(8)).toBe('');
      expect(m.problems[0]).toMatch(/writable by group or others/);
    }
  });

  it.runIf(isRoot)('refuses a file not owned by root', async () => {
    const path = managedFile(JSON.stringify({ ServerUrl: 'https://evil.example' }), 0o644);
    chownSync(path, 65534, 65534);
    const m = await readLinuxManaged(path);
    expect(m.serverUrl).toBe('');
    expect(m.problems[0]).toMatch(/owned by uid 65534/);
  });

  it('checks ownership against the uid it is given', async () => {
    const path = managedFile(JSON.stringify({ ServerUrl: 'https://dms.example.org' }), 0o644);
    const own = process.getuid?.() ?? 0;
    expect((await readLinuxManaged(path, own)).serverUrl).toBe('https://dms.example.org');
    expect((await readLinuxManaged(path, own + 1)).problems[0]).toMatch(/owned by uid/);
  });

  it('refuses a file that is not a JSON object', async () => {
    const own = process.getuid?.() ?? 0;
    for (const content of ['not json', '[1,2]', 'null']) {
      const m = await readLinuxManaged(managedFile(content), own);
      expect(m.problems[0], content).toMatch(/not (valid JSON|a JSON object)/);
    }
  });
});

const HKLM_OUTPUT = `
HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Folio\\Desktop
    ServerUrl    REG_SZ    https://machine.example.com
    DisableAutoUpdate    REG_DWORD    0x1
    LockedSettings    REG_MULTI_SZ    pauseAll\\0theme
    Empty Value    REG_SZ
`;
const HKCU_OUTPUT = `
HKEY_CURRENT_USER\\SOFTWARE\\Policies\\Folio\\Desktop
    ServerUrl    REG_SZ    https://user.example.com
    ClientId    REG_SZ    user-client
    PollSeconds    REG_DWORD    0x78
`;

describe('managed settings: Windows policies', () => {
  it('parses reg query output: strings, DWORDs in hex, multi-strings', () => {
    expect(parseRegQuery(HKLM_OUTPUT)).toEqual({ ServerUrl: 'https://machine.example.com', DisableAutoUpdate: 1, LockedSettings: ['pauseAll', 'theme'], 'Empty Value': '' });
  });

  it('machine (HKLM) wins over user (HKCU), key by key', async () => {
    const query: RegQuery = async (hive) => (hive === 'HKLM' ? HKLM_OUTPUT : HKCU_OUTPUT);
    const m = await readWindowsManaged(query);
    expect(m.serverUrl).toBe('https://machine.example.com');
    expect(m.clientId).toBe('user-client');
    expect(m.forced).toEqual({ pollSeconds: 120, autoUpdate: false });
    expect(m.locked.sort()).toEqual(['autoUpdate', 'pauseAll', 'pollSeconds', 'theme']);
  });

  it('no policy key means no settings', async () => {
    const m = await readWindowsManaged(async () => null);
    expect(m).toMatchObject({ serverUrl: '', clientId: '', forced: {}, locked: [] });
  });
});

describe('managed settings: macOS configuration profile', () => {
  const PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>ServerUrl</key>
  <string>https://mac.example.com/</string>
  <key>ClientId</key>
  <string>a&amp;b</string>
  <key>DisableAutoUpdate</key>
  <true/>
  <key>PollSeconds</key>
  <integer>300</integer>
  <key>LockedSettings</key>
  <array>
    <string>theme</string>
  </array>
  <key>Note</key>
  <string/>
</dict>
</plist>`;

  it('parses the XML plist of a profile', () => {
    expect(parsePlist(PLIST)).toEqual({ ServerUrl: 'https://mac.example.com/', ClientId: 'a&b', DisableAutoUpdate: true, PollSeconds: 300, LockedSettings: ['theme'], Note: '' });
    const m = normalize(parsePlist(PLIST), 'profile');
    expect(m).toMatchObject({ serverUrl: 'https://mac.example.com', clientId: 'a&b', forced: { autoUpdate: false, pollSeconds: 300 } });
    expect(m.problems).toEqual(['profile: Note is not a managed setting']);
  });

  it('refuses something that is not a plist dict', () => {
    expect(() => parsePlist('<html></html>')).toThrow(/property list/);
  });
});

describe('merge', () => {
  it('later layers win; locks and problems add up', () => {
    const m = merge(normalize({ ServerUrl: 'https://a.example', Theme: 'dark' }, 'a'), normalize({ ServerUrl: 'https://b.example', LockedSettings: 'pauseAll', x: 1 }, 'b'));
    expect(m.serverUrl).toBe('https://b.example');
    expect(m.forced).toEqual({ theme: 'dark' });
    expect(m.locked.sort()).toEqual(['pauseAll', 'theme']);
    expect(m.sources).toEqual(['a', 'b']);
    expect(m.problems).toEqual(['b: x is not a managed setting']);
  });
});
