/**
 * `folio serve --log-level LEVEL --log-file FILE`: where the service's JSON log lines go (stdout
 * by default), written asynchronously so that logging costs a request next to nothing. The plain
 * `listening on URL` line stays on stdout, first: scripts wait for it.
 */
import { once } from 'node:events';
import { resolve } from 'node:path';
import pino from 'pino';
import { folioLogger, isLogLevel, LOG_LEVELS, type LogLevel, type Logger } from '../platform/log/logger.ts';
import { UsageError } from './options.ts';

export const LOG_OPTIONS = {
  'log-level': { type: 'string' },
  'log-file': { type: 'string' },
} as const;

export interface LogFlags {
  'log-level'?: string;
  'log-file'?: string;
}

export interface LogSettings {
  level: LogLevel;
  /** An absolute path, or null for stdout. */
  file: string | null;
}

export function logSettings(flags: LogFlags): LogSettings {
  const level = flags['log-level'] ?? 'info';
  if (!isLogLevel(level)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not '${level}'`);
  const file = flags['log-file'];
  if (file === '') throw new UsageError('--log-file needs a file name');
  return { level, file: file === undefined ? null : resolve(file) };
}

export interface ServeLog {
  log: Logger;
  /** Writes a plain line to stdout, in order with the log lines when they go there too. */
  announce(line: string): void;
  /** Writes out what is buffered; the last call before the process ends. */
  close(): Promise<void>;
}

/** Opens the destination; a file that cannot be opened is a wrong --log-file, refused before the service starts. */
export async function openServeLog(settings: LogSettings): Promise<ServeLog> {
  const destination = pino.destination({ dest: settings.file ?? 1, sync: false, mkdir: true, append: true });
  try {
    await once(destination, 'ready');
  } catch (err) {
    throw new UsageError(`--log-file ${settings.file ?? ''} cannot be written: ${err instanceof Error ? err.message : String(err)}`);
  }
  const log = folioLogger(destination, { name: 'folio-serve', level: settings.level });
  return {
    log,
    announce: (line) => (settings.file === null ? destination.write(`${line}\n`) : process.stdout.write(`${line}\n`)),
    close: async () => {
      const closed = once(destination, 'close');
      destination.end();
      await closed;
    },
  };
}
