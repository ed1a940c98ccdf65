import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conflictId, findConflicts, parseConflictId, parseConflictName, resolveConflict, within } from '../../../main/desktop/conflicts.ts';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-conflicts-'));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

const COPY = 'report (conflicted copy 2026-11-21 143002 laptop).pdf';

describe('conflicted copy names', () => {
  it('parses the engine\'s names, numbered or not, with or without an extension', () => {
    expect(parseConflictName(COPY)).toEqual({ original: 'report.pdf', stamp: '2026-11-21 143002 laptop', stem: 'report', ext: '.pdf' });
    expect(parseConflictName('report (conflicted copy 2026-11-21 143002 laptop) 2.pdf')?.original).toBe('report.pdf');
    expect(parseConflictName('Makefile (conflicted copy 2026-11-21 143002 host)')?.original).toBe('Makefile');
    expect(parseConflictName('a.tar (conflicted copy 2026-11-21 143002 h).gz')?.original).toBe('a.tar.gz');
  });

  it('leaves ordinary names alone', () => {
    for (const n of ['report.pdf', 'report (copy).pdf', 'x (conflicted copy yesterday).txt', 'report (2026-11-21 143002 laptop).pdf']) expect(parseConflictName(n), n).toBeNull();
  });

  it('conflict ids round-trip, and garbage is NOT_FOUND', () => {
    expect(parseConflictId(conflictId('p1', `a/${COPY}`))).toEqual({ pairId: 'p1', copyPath: `a/${COPY}` });
    for (const bad of ['%%%', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{}').toString('base64url')]) expect(() => parseConflictId(bad)).toThrow(/no such conflict/);
  });

  it('never resolves a path outside the pair folder', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a\\..\\b']) expect(() => within('/tmp/pair', bad), bad).toThrow(/no such path/);
    expect(within('/tmp/pair', 'a/b.txt')).toBe('/tmp/pair/a/b.txt');
  });
});

describe('finding and resolving conflicts', () => {
  it('finds conflicted copies whose file exists, with the original next to them', async () => {
    const dir = folder({ 'docs/report.pdf': 'theirs', [`docs/${COPY}`]: 'mine!', 'other.txt': 'x' });
    const found = await findConflicts('p1', dir, ['docs/report.pdf', `docs/${COPY}`, 'other.txt', 'gone (conflicted copy 2026-11-21 143002 h).txt']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ pairId: 'p1', path: 'docs/report.pdf', copyPath: `docs/${COPY}`, originalExists: true, originalSize: 6, copySize: 5, stamp: '2026-11-21 143002 laptop' });
  });

  it('keep original: the copy goes, the original is untouched', async () => {
    const dir = folder({ 'report.pdf': 'theirs', [COPY]: 'mine' });
    expect(await resolveConflict(dir, COPY, 'original')).toEqual(['report.pdf']);
    expect(existsSync(join(dir, COPY))).toBe(false);
    expect(readFileSync(join(dir, 'report.pdf'), 'utf8')).toBe('theirs');
  });

  it('keep copy: its content replaces the original in place (same file, new content), the copy goes', async () => {
    const dir = folder({ 'report.pdf': 'theirs', [COPY]: 'mine' });
    const inode = statSync(join(dir, 'report.pdf')).ino;
    expect(await resolveConflict(dir, COPY, 'copy')).toEqual(['report.pdf']);
    expect(readFileSync(join(dir, 'report.pdf'), 'utf8')).toBe('mine');
    expect(statSync(join(dir, 'report.pdf')).ino).toBe(inode);
    expect(existsSync(join(dir, COPY))).toBe(false);
  });

  it('keep both: the copy gets a plain name that is no longer a conflict, numbered when taken', async () => {
    const dir = folder({ 'report.pdf': 'theirs', [COPY]: 'mine', 'report (2026-11-21 143002 laptop).pdf': 'older' });
    const kept = await resolveConflict(dir, COPY, 'both');
    expect(kept).toEqual(['report.pdf', 'report (2026-11-21 143002 laptop) 2.pdf']);
    expect(readFileSync(join(dir, kept[1] as string), 'utf8')).toBe('mine');
    expect(parseConflictName(kept[1] as string)).toBeNull();
    expect(await findConflicts('p', dir, ['report.pdf', ...kept])).toEqual([]);
  });

  it('a copy that is gone is INVALID_STATE, not a crash', async () => {
    const dir = folder({ 'report.pdf': 'theirs' });
    await expect(resolveConflict(dir, COPY, 'original')).rejects.toMatchObject({ code: 'INVALID_STATE' });
  });
});
