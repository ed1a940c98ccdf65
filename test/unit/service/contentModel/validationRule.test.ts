/** Property tests of the validationRule parser (main/service/fields/validationRule.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDINALITIES, VALUE_TYPES, type Cardinality, type ValueType } from '../../../../shared/v1/contentModel.ts';
import { MAX_PATTERN_LENGTH, parseValidationRule } from '../../../../main/service/fields/validationRule.ts';

const count = fc.nat({ max: 1_000_000 });
/** JSON has no -0: it reads back as 0. */
const jsonDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const ordered = <T>(arb: fc.Arbitrary<T>, lte: (a: T, b: T) => boolean) => fc.tuple(arb, arb).map(([a, b]) => (lte(a, b) ? [a, b] : [b, a]) as [T, T]);
const isoDate = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const isoDateTime = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const escaped = fc.string({ maxLength: 20 }).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** A rule that fits the type, as an object. */
function validRule(valueType: ValueType, cardinality: Cardinality): fc.Arbitrary<Record<string, unknown>> {
  const multi = cardinality === 'MULTI' ? { minItems: count, maxItems: count } : {};
  const fitsMulti = (r: Record<string, unknown>) => !(typeof r.minItems === 'number' && typeof r.maxItems === 'number' && r.minItems > r.maxItems);
  const record = (shape: Record<string, fc.Arbitrary<unknown>>) => fc.record({ ...shape, ...multi }, { requiredKeys: [] }).filter(fitsMulti);
  switch (valueType) {
    case 'STRING':
    case 'TEXT':
      return fc
        .tuple(record({ pattern: escaped.filter((p) => p.length > 0).map((p) => `^${p}$`) }), fc.option(ordered(count, (a, b) => a <= b), { nil: undefined }))
        .map(([r, len]) => (len ? { ...r, minLength: len[0], maxLength: len[1] } : r));
    case 'INTEGER':
      return fc.tuple(record({}), ordered(fc.maxSafeInteger(), (a, b) => a <= b)).map(([r, [min, max]]) => ({ ...r, min, max }));
    case 'DECIMAL':
      return fc.tuple(record({}), ordered(jsonDouble, (a, b) => a <= b)).map(([r, [min, max]]) => ({ ...r, min, max }));
    case 'DATE':
      return fc.tuple(record({}), ordered(isoDate, (a, b) => a <= b)).map(([r, [min, max]]) => ({ ...r, min, max }));
    case 'DATETIME':
      return fc.tuple(record({}), ordered(isoDateTime, (a, b) => a <= b)).map(([r, [min, max]]) => ({ ...r, min, max }));
    default:
      return record({});
  }
}

const typeAndCardinality = fc.tuple(fc.constantFrom(...VALUE_TYPES), fc.constantFrom(...CARDINALITIES));

describe('parseValidationRule', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), typeAndCardinality, (raw, [valueType, cardinality]) => {
        const result = parseValidationRule(raw, valueType, cardinality);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('accepts every rule that fits its type, and keeps it as given', () => {
    fc.assert(
      fc.property(typeAndCardinality.chain(([t, c]) => fc.tuple(fc.constant(t), fc.constant(c), validRule(t, c))), ([valueType, cardinality, rule]) => {
        const result = parseValidationRule(JSON.stringify(rule), valueType, cardinality);
        expect(result).toMatchObject({ ok: true });
        if (result.ok) expect(result.rule.source).toEqual(rule);
      }),
    );
  });

  it('compiles a pattern that matches what it describes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (literal) => {
        const pattern = `^${literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
        const result = parseValidationRule(JSON.stringify({ pattern }), 'STRING', 'SINGLE');
        if (!result.ok) throw new Error(result.reason);
        expect(result.rule.regex?.test(literal)).toBe(true);
        expect(result.rule.regex?.test(`${literal}x`)).toBe(false);
      }),
    );
  });

  it('refuses bounds the wrong way round', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 1, max: 1000 }), (min, gap) => {
        fc.pre(min - gap >= Number.MIN_SAFE_INTEGER);
        expect(parseValidationRule(JSON.stringify({ min, max: min - gap }), 'INTEGER', 'SINGLE').ok).toBe(false);
        expect(parseValidationRule(JSON.stringify({ minItems: gap, maxItems: gap - 1 }), 'BOOLEAN', 'MULTI').ok).toBe(false);
      }),
    );
  });

  it('refuses a key that does not apply to the type', () => {
    const misfits: [string, ValueType, Cardinality][] = [
      ['{"pattern":"x"}', 'INTEGER', 'SINGLE'],
      ['{"min":1}', 'STRING', 'SINGLE'],
      ['{"min":1}', 'BOOLEAN', 'SINGLE'],
      ['{"maxItems":1}', 'DATE', 'SINGLE'],
      ['{"max":"2020-01-01"}', 'INTEGER', 'SINGLE'],
      ['{"max":5}', 'DATE', 'SINGLE'],
      ['{"max":"2020-01-01"}', 'DATETIME', 'SINGLE'],
      ['{"typo":1}', 'STRING', 'MULTI'],
    ];
    for (const [raw, valueType, cardinality] of misfits) expect(parseValidationRule(raw, valueType, cardinality).ok, raw).toBe(false);
  });

  it('refuses patterns that RE2 does not compile (lookaround, backreferences) or that are too long', () => {
    for (const pattern of ['(', '[z-a]', '(?=a)b', '(a)\\1', 'a'.repeat(MAX_PATTERN_LENGTH + 1), '']) {
      expect(parseValidationRule(JSON.stringify({ pattern }), 'STRING', 'SINGLE').ok, pattern.slice(0, 20)).toBe(false);
    }
  });

  it('takes nested quantifiers, which run in linear time on RE2', () => {
    for (const pattern of ['^(a+)+$', '(x*)*y', '^(a|a)*$']) {
      expect(parseValidationRule(JSON.stringify({ pattern }), 'STRING', 'SINGLE').ok, pattern).toBe(true);
    }
  });

  it('takes an empty rule as no rule', () => {
    expect(parseValidationRule('  ', 'STRING', 'SINGLE')).toEqual({ ok: true, rule: { source: {} } });
  });
});
