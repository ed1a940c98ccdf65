/**
 * The headless opener starts a program with the path as its one argument and no shell: a file
 * name full of shell syntax reaches it unchanged, and nothing else runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandOpener, nearestExisting, systemOpenerCommand } from '../../../main/desktop/opener.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { until } from '../../helpers/wait.ts';

const work = tempDir('folio-opener-');
afterAll(() => removeDir(work));

describe('the headless opener', () => {
  it("picks the OS's opener, or FOLIO_OPENER", () => {
    expect(systemOpenerCommand('linux', {})).toBe('xdg-open');
    expect(systemOpenerCommand('darwin', {})).toBe('open');
    expect(systemOpenerCommand('win32', {})).toBe('explorer.exe');
    expect(systemOpenerCommand('linux', { FOLIO_OPENER: '/opt/show' })).toBe('/opt/show');
  });

  it('passes a hostile file name as one argument, never through a shell; "show in folder" opens the folder', async () => {
    const log = join(work, 'asked.txt');
    const recorder = join(work, 'recorder.mjs');
    writeFileSync(recorder, `#!${process.execPath}\nimport { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n`, { mode: 0o755 });
    const folder = join(work, 'docs');
    mkdirSync(folder);
    const name = join(folder, 'a; touch pwned $(touch pwned2) `touch pwned3`.txt');
    writeFileSync(name, 'x');
    const opener = commandOpener(recorder);
    await opener.open(name);
    await opener.showInFolder(name);
    const lines = await until('both requests recorded', () => {
      const l = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
      return l.length === 2 && l;
    });
    // Each request starts a program of its own and returns: which one writes its line first is the OS's choice.
    const asked = lines.map((l) => JSON.parse(l) as string[]);
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(expect.arrayContaining([[name], [folder]]));
    for (const f of ['pwned', 'pwned2', 'pwned3']) expect(existsSync(join(work, f)) || existsSync(join(process.cwd(), f))).toBe(false);
  });

  it('says when there is no program to open with', async () => {
    await expect(commandOpener(join(work, 'no-such-program')).open(work)).rejects.toMatchObject({ code: 'NOT_SUPPORTED' });
  });

  it('finds the nearest folder left of a file that is gone', async () => {
    mkdirSync(join(work, 'kept'), { recursive: true });
    expect(await nearestExisting(work, join(work, 'kept', 'gone', 'file.txt'))).toBe(join(work, 'kept'));
    expect(await nearestExisting(work, join(work, 'gone', 'file.txt'))).toBe(work);
  });
});
