/**
 * Folio's structured logs: one JSON object a line (pino), with pino's numeric levels (30 info,
 * 40 warn, 50 error), an ISO time, and secrets redacted (./redaction.ts).
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTION, redactUrl } from './redaction.ts';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

let lastMs = -1;
let lastTime = '';

/**
 * pino's `isoTime` (`,"time":"<ISO 8601>"`), formatted once a millisecond: a busy service writes
 * several access lines in one, and formatting the date was a fifth of pino's work on a line.
 */
export function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export function folioLogger(destination: DestinationStream, o: { name: string; level: LogLevel }): Logger {
  return pino(
    {
      name: o.name,
      level: o.level,
      ...REDACTION,
      timestamp: isoTime,
      serializers: { err: pino.stdSerializers.err, url: redactUrl },
    },
    destination,
  );
}

/**
 * A logger for lines of one closed shape that holds no secret (the service's access line): the
 * same destination, level, name and time as `base`, but without the redaction, whose paths
 * reaching one level down into any key cost a walk of every path for every value of every line
 * (a tenth of the server's CPU on a small read). Its `url` still passes through `redactUrl`.
 */
export function shapedLogger(base: Logger): Logger {
  return pino(
    {
      level: base.level,
      base: { pid: process.pid, hostname: hostname(), ...base.bindings() },
      timestamp: isoTime,
      serializers: { url: redactUrl },
    },
    (base as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym],
  );
}

/** A logger that writes nothing: for a core or daemon run without a log file (tests). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** Errors (or the given level and worse) to stderr, written at once: the default where no log is configured. */
export function stderrLogger(level: LogLevel): Logger {
  return folioLogger(pino.destination({ dest: 2, sync: true }), { name: 'folio', level });
}
