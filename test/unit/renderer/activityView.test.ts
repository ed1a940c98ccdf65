/** How Activity reads: each row's verb, the filter's groups, the find box, and a running transfer's pace. */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/desktop/api.ts';
import { activityVerb, inFilter, matchesText, transferPace } from '../../../renderer/src/activityView.ts';

const entry = (e: Partial<ActivityEntry>): ActivityEntry => ({
  seq: 1,
  time: '2026-01-01T00:00:00Z',
  pairId: 'p',
  path: 'a/report.pdf',
  kind: 'transfer',
  direction: 'upload',
  state: 'done',
  bytesDone: 0,
  bytesTotal: 0,
  message: '',
  ...e,
});

describe('Activity rows', () => {
  it('says what happened: a delete is a delete, a move a move', () => {
    expect(activityVerb(entry({ kind: 'delete', direction: 'deleteOnService' }))).toBe('Deleted on service');
    expect(activityVerb(entry({ kind: 'delete', direction: 'deleteHere' }))).toBe('Deleted here');
    expect(activityVerb(entry({ kind: 'move', direction: 'moveHere' }))).toBe('Moved here');
    expect(activityVerb(entry({ kind: 'transfer', direction: 'download', state: 'running' }))).toBe('Downloading');
    expect(activityVerb(entry({ kind: 'transfer', direction: 'upload', state: 'failed' }))).toBe('Upload failed');
    expect(activityVerb(entry({ kind: 'conflict', direction: 'none' }))).toBe('Conflict');
    expect(activityVerb(entry({ kind: 'round', direction: 'none' }))).toBe('Synced');
  });

  it('filters by group; a failed transfer is an error as well', () => {
    const failedUpload = entry({ state: 'failed' });
    expect(inFilter(failedUpload, 'uploads')).toBe(true);
    expect(inFilter(failedUpload, 'errors')).toBe(true);
    expect(inFilter(failedUpload, 'downloads')).toBe(false);
    expect(inFilter(entry({ kind: 'delete', direction: 'deleteHere' }), 'deletes')).toBe(true);
    expect(inFilter(entry({ kind: 'delete', direction: 'deleteHere' }), 'moves')).toBe(false);
    expect(inFilter(entry({ kind: 'conflict', direction: 'none' }), 'conflicts')).toBe(true);
  });

  it('finds by every typed word in the path, message or folder, case aside', () => {
    expect(matchesText(entry({}), 'Team Handbook', 'REPORT team')).toBe(true);
    expect(matchesText(entry({}), 'Team Handbook', 'report budget')).toBe(false);
    expect(matchesText(entry({}), '', '')).toBe(true);
  });

  it('shows speed and time left once the core measured them, "—" before and after', () => {
    expect(transferPace(entry({ state: 'running', bytesDone: 0, bytesTotal: 10_000_000 }))).toBe('—');
    expect(transferPace(entry({ state: 'running', bytesDone: 2_000_000, bytesTotal: 10_000_000, bytesPerSecond: 1_048_576 }))).toBe('1.0 MB/s · 8 s left');
    expect(transferPace(entry({ state: 'running', bytesDone: 0, bytesTotal: 200 * 1_048_576, bytesPerSecond: 1_048_576 }))).toBe('1.0 MB/s · 3 min 20 s left');
    expect(transferPace(entry({ state: 'done', bytesPerSecond: 5 }))).toBe('—');
  });
});
