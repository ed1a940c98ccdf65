/** The headless folder picker's listing and creation, on a real folder. */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFolder, listFolders } from '../../../main/desktop/localFolders.ts';
import { DesktopFailure } from '../../../main/desktop/failure.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

const home = tempDir('folio-folders-');
mkdirSync(join(home, 'Projects', 'Apollo'), { recursive: true });
mkdirSync(join(home, 'Documents'));
mkdirSync(join(home, '.cache'));
writeFileSync(join(home, 'notes.txt'), 'a file, not a folder');
symlinkSync(join(home, 'Projects'), join(home, 'link-to-projects'));

afterAll(() => removeDir(home));

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DesktopFailure) return err.code;
    throw err;
  }
  return 'no failure';
}

describe('listFolders', () => {
  it('starts at home and lists its subfolders by name, without hidden ones, files or symlinks', async () => {
    const l = await listFolders({}, home);
    expect(l).toMatchObject({ path: home, home });
    expect(l.folders).toEqual([
      { name: 'Documents', path: join(home, 'Documents') },
      { name: 'Projects', path: join(home, 'Projects') },
    ]);
    expect(l.parent).not.toBe('');
  });

  it('shows hidden folders when asked, and walks down and up', async () => {
    expect((await listFolders({ path: home, showHidden: true }, home)).folders.map((f) => f.name)).toEqual(['.cache', 'Documents', 'Projects']);
    const down = await listFolders({ path: join(home, 'Projects') }, home);
    expect(down.folders.map((f) => f.name)).toEqual(['Apollo']);
    expect(down.parent).toBe(home);
    expect((await listFolders({ path: '/' }, home)).parent).toBe('');
  });

  it('refuses a relative path, a missing folder and a file, each with its own code', async () => {
    expect(await code(listFolders({ path: 'Projects' }, home))).toBe('INVALID_ARGUMENTS');
    expect(await code(listFolders({ path: join(home, 'missing') }, home))).toBe('NOT_FOUND');
    expect(await code(listFolders({ path: join(home, 'notes.txt') }, home))).toBe('INVALID_ARGUMENTS');
  });
});

describe('createFolder', () => {
  it('creates a folder with its parents, and refuses where a file stands', async () => {
    const path = join(home, 'New', 'Sub');
    expect(await createFolder({ path })).toEqual({ path });
    expect(existsSync(path)).toBe(true);
    expect(await code(createFolder({ path: join(home, 'notes.txt', 'x') }))).toBe('INVALID_ARGUMENTS');
    expect(await code(createFolder({ path: 'relative' }))).toBe('INVALID_ARGUMENTS');
  });
});
