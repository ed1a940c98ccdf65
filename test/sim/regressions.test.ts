/**
 * Schedules of the simulation that found bugs in the engine (and one in the simulation's own
 * model), replayed on every run. Each failed before its fix; the simulation's own run covers them
 * too, and these keep them named.
 */
import { describe, expect, it } from 'vitest';
import { describeFailure, runSchedule } from './world.ts';

const found: { seed: number; bug: string }[] = [
  {
    seed: 358,
    bug: 'an edit that beat a delete on the service goes up as a new document; when that upload landed but its answer was lost, the next pass did not recognise it (its intent was keyed by the old document id) and kept the file twice, once as a conflict copy',
  },
  {
    seed: 713,
    bug: 'a file the user moves right after it was downloaded (before the engine recorded it) was downloaded again, and the moved one uploaded as a new document: the executor recorded what it found at the name after placing, not what it placed',
  },
  {
    seed: 857,
    bug: 'the same, for a file moved into a folder just after its download was placed',
  },
  {
    seed: 1715,
    bug: "a crash between placing a new download (a hard link) and removing its part left the part a second name of the user's file; the download again wrote into the part, over the user's edit",
  },
  {
    seed: 3009,
    bug: 'the same, with the file edited in place where it was placed',
  },
  {
    seed: 3161,
    bug: 'a new document whose upload landed but whose answer was lost (a crash before the result was committed) was renamed by another user before the next observation; the engine looked for it only where it had put it, and uploaded the file again',
  },
  {
    seed: 3769,
    bug: 'the same, for a file in a folder',
  },
  {
    seed: 1602,
    bug: "another user's edit that reached the service after the engine read the feed, and before its upload of a local edit, was replaced by that upload unseen (/v1 has no precondition); the engine now looks at the version below its own and keeps another's as a conflict copy",
  },
  { seed: 2239, bug: 'the same, in the loop' },
  { seed: 2944, bug: 'the same, with the edit made while another upload of the batch read its file' },
  { seed: 3026, bug: 'the same, for a file the other user had moved into a folder' },
  { seed: 3943, bug: 'the same, in a folder the engine renamed on the service in the same round' },
  { seed: 4640, bug: 'the same, with the edit made while the engine placed a download' },
  {
    seed: 2995,
    bug: "the same for a delete: another user's edit that landed before the engine carried a local delete to the service went to the recycle bin with the document; the edit beats the delete, and now comes back into the folder",
  },
  {
    seed: 3571,
    bug: 'after such an upload, fetching the replaced version failed (the network), and nothing tried again: it is now tried again before the next scan',
  },
  { seed: 3793, bug: 'the same' },
  {
    seed: 7728,
    bug: 'the engine crashed after such an upload landed and before it recorded it, so the look at what it replaced never came: the next observation, settling the upload, now schedules the look',
  },
  {
    seed: 5500,
    bug: 'a new file a download had put in place before a crash (its result not yet committed) was moved by the user before the next scan; the engine looked for it only where it had put it, downloaded it again and uploaded the moved one as a new document',
  },
  { seed: 7845, bug: 'the same, for a conflict copy downloaded as a new file' },
  { seed: 8276, bug: 'the same, with the crash during a later upload of the batch' },
  {
    seed: 2599,
    bug: "the simulation's model, not the engine: a user acting at one download's await point edited the file another download had checked and was about to replace, a window the simulation means to leave out (docs/sync.md); such a call's paths are now busy for every user",
  },
];

describe('schedules that found engine bugs', () => {
  for (const { seed, bug } of found) {
    it(`seed ${seed}: ${bug}`, async () => {
      const result = await runSchedule(seed);
      expect(result.problems.length === 0 ? '' : describeFailure(result)).toBe('');
    });
  }
});
