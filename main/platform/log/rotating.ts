/**
 * The desktop's log file: `<state>/logs/folio.log`, rotated by size the way logrotate does
 * (folio.log.1 is the newest old one), a few files kept. The desktop core (`folio start`, the
 * Electron app) and `folio daemon` write it.
 */
import { join } from 'node:path';
import { createStream } from 'rotating-file-stream';
import { folioLogger, type Logger } from './logger.ts';

export const LOG_FILE = 'folio.log';
const ROTATE_AT = '10M';
const KEEP = 5;

export function logDir(stateDir: string): string {
  return join(stateDir, 'logs');
}

export interface FileLog {
  log: Logger;
  dir: string;
  /** Writes out what is buffered and closes the file; lines logged after are dropped. */
  close(): Promise<void>;
}

export function openRotatingLog(stateDir: string, name: string): FileLog {
  const dir = logDir(stateDir);
  const stream = createStream(LOG_FILE, { path: dir, size: ROTATE_AT, rotate: KEEP });
  let reported = false;
  // A full disk or a folder made read-only must not stop the app: say so once, keep going without.
  stream.on('error', (err) => {
    if (!reported) console.error(`folio: the log file in ${dir} cannot be written: ${err.message}`);
    reported = true;
  });
  const log = folioLogger(stream, { name, level: 'info' });
  return {
    log,
    dir,
    close: () =>
      new Promise<void>((resolve) => {
        // Late lines (a last pass finishing after its host closed) are dropped, not an error.
        log.level = 'silent';
        if (stream.writableEnded) return resolve();
        stream.end(() => resolve());
      }),
  };
}
