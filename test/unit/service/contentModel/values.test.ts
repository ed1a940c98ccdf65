/** Property tests of metadata values: date parsers, value checks and default values (main/service/fields/values.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDINALITIES, VALUE_TYPES, type ValueType } from '../../../../shared/v1/contentModel.ts';
import { parseDate, parseDateTime } from '../../../../main/service/fields/dates.ts';
import { checkValue, parseDefaultValue, type ValueEnv, type ValueSpec } from '../../../../main/service/fields/values.ts';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const anyDate = fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const env: ValueEnv = { isOption: (v) => v === 'yes' || v === 'no', isUser: (id) => id === 'usr_alice' };
const spec = (valueType: ValueType, extra: Partial<ValueSpec> = {}): ValueSpec => ({ valueType, cardinality: 'SINGLE', required: false, rule: { source: {} }, ...extra });

describe('parseDate', () => {
  it('reads back every calendar date it is given as YYYY-MM-DD', () => {
    fc.assert(
      fc.property(anyDate, (d) => {
        const midnight = new Date(d);
        midnight.setUTCHours(0, 0, 0, 0);
        expect(parseDate(ymd(d))).toBe(midnight.getTime());
      }),
    );
  });

  it('refuses days a month does not have', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const probe = new Date(0);
        probe.setUTCFullYear(y, m, 0);
        const daysInMonth = probe.getUTCDate();
        expect(parseDate(`${pad(y, 4)}-${pad(m)}-${pad(d)}`) !== null).toBe(d <= daysInMonth);
      }),
    );
  });

  it('never throws, and refuses anything but YYYY-MM-DD', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = parseDate(s);
        if (t !== null) expect(s).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
    );
    for (const s of ['2024-1-01', '2024-13-01', '2024-00-10', '2024-01-00', ' 2024-01-01', '2024-01-01T00:00:00Z']) expect(parseDate(s)).toBeNull();
  });
});

describe('parseDateTime', () => {
  it('reads back any instant written with any zone offset', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T23:59:59.999Z'), noInvalidDate: true }), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), fc.boolean(), (d, offsetMin, zulu) => {
        const offset = zulu ? 0 : offsetMin;
        const local = new Date(d.getTime() + offset * 60_000);
        const zone = zulu ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
        const text = `${ymd(local)}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}${zone}`;
        expect(parseDateTime(text)).toBe(d.getTime());
      }),
    );
  });

  it('needs a zone and real clock values', () => {
    for (const s of ['2024-05-01T10:00:00', '2024-05-01T24:00:00Z', '2024-05-01T10:60Z', '2024-05-01T10:00:00+24:00', '2024-05-01 10:00Z']) {
      expect(parseDateTime(s), s).toBeNull();
    }
    expect(parseDateTime('2024-05-01T10:00Z')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(parseDateTime('2024-05-01T10:00:00.123456789-01:30')).toBe(Date.UTC(2024, 4, 1, 11, 30, 0, 123));
  });
});

describe('checkValue', () => {
  it('never throws, whatever the value, type and cardinality', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...VALUE_TYPES), fc.constantFrom(...CARDINALITIES), fc.boolean(), (v, valueType, cardinality, required) => {
        const result = checkValue(spec(valueType, { cardinality, required }), v, env);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });

  it('accepts an integer exactly when it lies within min and max', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.maxSafeInteger(), fc.maxSafeInteger(), (a, b, n) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const result = checkValue(spec('INTEGER', { rule: { source: { min, max }, min, max } }), n, env);
        expect(result === null).toBe(min <= n && n <= max);
      }),
    );
  });

  it('refuses numbers that are not integers for INTEGER, and anything but finite numbers for DECIMAL', () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        expect(checkValue(spec('INTEGER'), x, env) === null).toBe(Number.isSafeInteger(x));
        expect(checkValue(spec('DECIMAL'), x, env) === null).toBe(Number.isFinite(x));
      }),
    );
  });

  it('accepts a MULTI list exactly when it repeats no value', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 20 }), (list) => {
        const result = checkValue(spec('STRING', { cardinality: 'MULTI' }), list, env);
        expect(result === null).toBe(new Set(list).size === list.length);
      }),
    );
  });

  it('treats absent, null, "" and [] as no value, required or not', () => {
    for (const empty of [undefined, null, '', []]) {
      expect(checkValue(spec('STRING'), empty, env)).toBeNull();
      expect(checkValue(spec('STRING', { required: true }), empty, env)).toBe('is required');
    }
  });

  it('looks options and users up through the environment', () => {
    expect(checkValue(spec('OPTION'), 'yes', env)).toBeNull();
    expect(checkValue(spec('OPTION'), 'maybe', env)).toMatch(/options/);
    expect(checkValue(spec('USER'), 'usr_alice', env)).toBeNull();
    expect(checkValue(spec('USER'), 'usr_bob', env)).toMatch(/user/);
  });
});

describe('parseDefaultValue', () => {
  it('reads back every integer and every finite number written out', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseDefaultValue(String(n), 'INTEGER', 'SINGLE')).toEqual({ ok: true, value: n });
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(parseDefaultValue(String(x), 'DECIMAL', 'SINGLE')).toEqual({ ok: true, value: x === 0 ? 0 : x });
      }),
    );
  });

  it('reads a MULTI default as a JSON array, and nothing else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const result = parseDefaultValue(JSON.stringify(v), 'STRING', 'MULTI');
        expect(result.ok).toBe(Array.isArray(v));
      }),
    );
  });

  it('takes an empty default as no default, and refuses non-numbers and non-booleans', () => {
    expect(parseDefaultValue('', 'INTEGER', 'SINGLE')).toEqual({ ok: true, value: null });
    for (const [raw, type] of [['1.5', 'INTEGER'], ['0x10', 'INTEGER'], ['', 'x'], ['1,5', 'DECIMAL'], ['TRUE', 'BOOLEAN']] as const) {
      if (type === 'x') continue;
      expect(parseDefaultValue(raw, type, 'SINGLE').ok, raw).toBe(false);
    }
  });
});
