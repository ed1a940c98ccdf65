/**
 * One lock per content hash for this process, shared by everything that stores or removes blob
 * files: finalizing a version, pruning versions, purging the recycle bin. Without it a removal
 * could delete a file that a finalize is about to reference.
 */
import { KeyedLock } from '../../store/keyedLock.ts';

export const byContent = new KeyedLock();
