/**
 * The error-code table: codes are unique, the spec's codes come with HTTP 200 and ours with an
 * error status, and docs/api.md publishes exactly this table, so the two cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, errorNameOf, errorValue, type ErrorName } from '../../../shared/errors.ts';

const API_DOC = resolve(import.meta.dirname, '../../../docs/api.md');

/** Spec §7: these codes are returned with HTTP 200. */
const SPEC_CODES = [101008, 101009, 180001, 180002, 180003, 180004, 180005, 180006, 180014, 173009, 173010, 173011, 187001];

interface DocRow {
  code: number;
  name: string;
  http: number;
  meaning: string;
}

/** The rows of the table under `## Error codes` in docs/api.md. */
function documentedRows(markdown: string): DocRow[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Error codes\n'));
  if (!section) throw new Error('docs/api.md has no "## Error codes" section');
  const rows: DocRow[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !/^\d+$/.test(cells[1] ?? '')) continue;
    rows.push({ code: Number(cells[1]), name: (cells[2] ?? '').replaceAll('`', ''), http: Number(cells[3]), meaning: cells[4] ?? '' });
  }
  return rows;
}

const names = Object.keys(ErrorCodes) as ErrorName[];
const rows = documentedRows(readFileSync(API_DOC, 'utf8'));

describe('shared/errors.ts', () => {
  it('gives every name its own code', () => {
    const codes = names.map((n) => ErrorCodes[n].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of names) expect(errorNameOf(ErrorCodes[name].code)).toBe(name);
  });

  it.each(SPEC_CODES)('sends spec code %i with HTTP 200', (code) => {
    const name = errorNameOf(code);
    expect(name, `spec code ${code} is missing from shared/errors.ts`).toBeDefined();
    expect(ErrorCodes[name as ErrorName].http).toBe(200);
  });

  it('sends every code of ours with an HTTP error status', () => {
    for (const name of names) {
      const { code, http } = ErrorCodes[name];
      if (!SPEC_CODES.includes(code)) expect(http, `${name} (${code})`).toBeGreaterThanOrEqual(400);
    }
  });

  it('builds error values with the default message, or the one given', () => {
    expect(errorValue('NOT_FOUND')).toEqual({ name: 'NOT_FOUND', code: 120001, message: 'not found' });
    expect(errorValue('VALIDATION', 'title must not be empty', { field: 'title' })).toEqual({
      name: 'VALIDATION',
      code: 110001,
      message: 'title must not be empty',
      details: { field: 'title' },
    });
  });
});

describe('the error table of docs/api.md', () => {
  it('lists each code once', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it.each(names)('lists %s with its code and HTTP status, and says what it means', (name) => {
    const { code, http } = ErrorCodes[name];
    const row = rows.find((r) => r.code === code);
    expect(row, `code ${code} (${name}) is missing from docs/api.md`).toBeDefined();
    expect(row).toMatchObject({ name, http });
    expect(row?.meaning.length).toBeGreaterThan(10);
  });

  it('lists no code that shared/errors.ts does not have', () => {
    const stale = rows.filter((r) => errorNameOf(r.code) === undefined).map((r) => r.code);
    expect(stale).toEqual([]);
  });
});
