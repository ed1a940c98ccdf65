/** How an activity entry's direction reads: a glyph for the eye and words for a screen reader. */
import type { ActivityDirection, ActivityEntry } from '../../shared/desktop/api.ts';

export interface DirectionView {
  glyph: string;
  /** Said in place of the glyph (aria-label), and shown as its tooltip. */
  label: string;
}

/** A transfer says what it is doing while it runs, and what it did once done; null for entries that move nothing. */
export function directionView(direction: ActivityDirection, state: ActivityEntry['state']): DirectionView | null {
  const verb = (running: string, done: string, failed: string) => (state === 'running' ? running : state === 'done' ? done : failed);
  switch (direction) {
    case 'upload':
      return { glyph: '↑', label: verb('Uploading', 'Uploaded', 'Upload failed') };
    case 'download':
      return { glyph: '↓', label: verb('Downloading', 'Downloaded', 'Download failed') };
    case 'deleteOnService':
      return { glyph: '⌫', label: 'Deleted on the service' };
    case 'deleteHere':
      return { glyph: '⌫', label: 'Deleted on this computer' };
    case 'moveOnService':
      return { glyph: '⇢', label: 'Moved on the service' };
    case 'moveHere':
      return { glyph: '⇠', label: 'Moved on this computer' };
    case 'none':
      return null;
    default: {
      const unknown: never = direction;
      throw new Error(`unknown activity direction ${String(unknown)}`);
    }
  }
}
