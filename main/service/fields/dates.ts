/**
 * The calendar values of DATE and DATETIME fields as epoch milliseconds: a value check
 * (./values.ts) and a range rule (./validationRule.ts) both read them.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 literally; and 2023-02-30 rolls over to
  // March, so only a real calendar date survives the round trip.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.getTime();
}

/** Epoch milliseconds of a calendar date "YYYY-MM-DD", or null. */
export function parseDate(s: string): number | null {
  const m = DATE.exec(s);
  if (!m) return null;
  return utc(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Epoch milliseconds of an ISO 8601 date-time with a zone, or null. */
export function parseDateTime(s: string): number | null {
  const m = DATETIME.exec(s);
  if (!m) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const t = utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), ms);
  if (t === null) return null;
  if (m[8] === 'Z') return t;
  const oh = Number(m[9]);
  const om = Number(m[10]);
  if (oh > 23 || om > 59) return null;
  const offset = (oh * 60 + om) * 60_000;
  return m[8]?.startsWith('-') ? t + offset : t - offset;
}
