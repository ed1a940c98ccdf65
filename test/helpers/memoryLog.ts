/** The service's pino logger, keeping what it logs for the test to read instead of writing it anywhere. */
import pino, { type Logger } from 'pino';

export interface LoggedLine {
  level: number;
  msg: string;
  err?: { message: string; type: string };
  [field: string]: unknown;
}

export interface MemoryLog {
  log: Logger;
  lines: LoggedLine[];
}

/** Keeps lines at `level` and worse. */
export function memoryLog(level: 'info' | 'warn' | 'error' = 'info'): MemoryLog {
  const lines: LoggedLine[] = [];
  return { log: pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as LoggedLine) }), lines };
}
