/** The icon a file gets: by its MIME family, else by its name's extension. */
import { describe, expect, it } from 'vitest';
import { fileKind } from '../../../renderer/src/fileKind.ts';

describe('fileKind', () => {
  it('reads the MIME family first', () => {
    expect(fileKind('application/pdf', 'x')).toBe('pdf');
    expect(fileKind('image/png', 'x')).toBe('image');
    expect(fileKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x')).toBe('sheet');
    expect(fileKind('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'x')).toBe('slides');
    expect(fileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x')).toBe('word');
    expect(fileKind('application/zip', 'x')).toBe('archive');
    expect(fileKind('text/plain', 'notes.pdf')).toBe('text');
  });

  it('falls back to the extension when the type says nothing, and to "other"', () => {
    expect(fileKind('application/octet-stream', 'Budget.XLSX')).toBe('sheet');
    expect(fileKind('', 'song.mp3')).toBe('audio');
    expect(fileKind('application/octet-stream', 'blob')).toBe('other');
  });
});
