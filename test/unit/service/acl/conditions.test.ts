/** ACL policy conditions over metadataColumns, and which resources a policy matches. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionProblem, conditionsHold, type Condition } from '../../../../main/service/acl/conditions.ts';
import { compilePolicy, matchesContainer, matchesDocument } from '../../../../main/service/acl/policyMatch.ts';
import type { AclPolicyRecord } from '../../../../main/store/async/repos/aclPolicies.ts';

const meta = { dept: 'legal', level: 3, tags: ['contract', 'nda'], note: 'Signed by both parties', gone: null };

describe('conditionHolds', () => {
  it.each<[Condition, boolean]>([
    [{ key: 'dept', operator: 'eq', value: 'legal' }, true],
    [{ key: 'dept', operator: 'eq', value: 'Legal' }, false],
    [{ key: 'level', operator: 'eq', value: '3' }, false],
    [{ key: 'tags', operator: 'eq', value: ['contract', 'nda'] }, true],
    [{ key: 'dept', operator: 'ne', value: 'hr' }, true],
    [{ key: 'missing', operator: 'ne', value: 'x' }, true],
    [{ key: 'dept', operator: 'in', value: ['hr', 'legal'] }, true],
    [{ key: 'level', operator: 'in', value: [1, 2] }, false],
    [{ key: 'tags', operator: 'in', value: ['nda'] }, true],
    [{ key: 'missing', operator: 'in', value: [null] }, false],
    [{ key: 'dept', operator: 'nin', value: ['hr'] }, true],
    [{ key: 'tags', operator: 'nin', value: ['nda'] }, false],
    [{ key: 'note', operator: 'contains', value: 'both' }, true],
    [{ key: 'note', operator: 'contains', value: 'all' }, false],
    [{ key: 'tags', operator: 'contains', value: 'nda' }, true],
    [{ key: 'tags', operator: 'contains', value: 'nd' }, false],
    [{ key: 'level', operator: 'contains', value: 3 }, false],
    [{ key: 'dept', operator: 'exists', value: null }, true],
    [{ key: 'gone', operator: 'exists', value: null }, false],
    [{ key: 'missing', operator: 'exists', value: null }, false],
  ])('%j is %s', (c, expected) => {
    expect(conditionHolds(c, meta)).toBe(expected);
  });

  const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.constant(null));
  const metadata = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(value, fc.array(value, { maxLength: 3 })));

  it('ne is the negation of eq, and nin of in', () => {
    fc.assert(
      fc.property(metadata, fc.constantFrom('a', 'b', 'c'), value, fc.array(value, { maxLength: 3 }), (m, key, v, list) => {
        expect(conditionHolds({ key, operator: 'ne', value: v }, m)).toBe(!conditionHolds({ key, operator: 'eq', value: v }, m));
        expect(conditionHolds({ key, operator: 'nin', value: list }, m)).toBe(!conditionHolds({ key, operator: 'in', value: list }, m));
      }),
    );
  });

  it('an empty list of conditions always holds; otherwise all must', () => {
    expect(conditionsHold([], {})).toBe(true);
    expect(conditionsHold([{ key: 'dept', operator: 'eq', value: 'legal' }, { key: 'level', operator: 'eq', value: 4 }], meta)).toBe(false);
  });
});

describe('conditionProblem', () => {
  it('names what is wrong', () => {
    expect(conditionProblem({ key: 'a', operator: 'in', value: 'x' })).toMatch(/list/);
    expect(conditionProblem({ key: 'a', operator: 'contains', value: { x: 1 } })).toMatch(/contains/);
    expect(conditionProblem({ key: ' ', operator: 'eq', value: 1 })).toMatch(/key/);
    expect(conditionProblem({ key: 'a', operator: 'eq' })).toMatch(/value/);
    expect(conditionProblem({ key: 'a', operator: 'like', value: 1 })).toMatch(/unknown operator/);
    expect(conditionProblem({ key: 'a', operator: 'exists' })).toBeUndefined();
  });
});

describe('policy matching', () => {
  const base: AclPolicyRecord = {
    policyId: 'p', tenantId: 't', name: 'n', description: '', matchResourceType: 'CONTAINER', matchContainerTypeIds: [], matchConditions: [],
    grantees: [], grantType: 'MASK', grantRole: '', grantPermissionMask: 1, grantDenyMask: 0, enabled: true, createTime: '', updateTime: '',
  };

  it('matches by resource type, listed type ids and conditions', () => {
    const projects = compilePolicy({ ...base, matchContainerTypeIds: ['type-project'], matchConditions: [{ key: 'dept', operator: 'eq', value: 'legal' }] });
    expect(matchesContainer(projects, { containerTypeId: 'type-project', metadata: { dept: 'legal' } })).toBe(true);
    expect(matchesContainer(projects, { containerTypeId: 'type-folder', metadata: { dept: 'legal' } })).toBe(false);
    expect(matchesContainer(projects, { containerTypeId: 'type-project', metadata: { dept: 'hr' } })).toBe(false);
    expect(matchesDocument(projects, { documentTypeId: 'type-file', metadata: { dept: 'legal' } }, 'type-project')).toBe(false);
  });

  it('matches a document by its own type or its container\'s', () => {
    const docs = compilePolicy({ ...base, matchResourceType: 'DOCUMENT', matchContainerTypeIds: ['type-contract', 'type-project'] });
    expect(matchesDocument(docs, { documentTypeId: 'type-contract', metadata: {} }, 'type-folder')).toBe(true);
    expect(matchesDocument(docs, { documentTypeId: 'type-file', metadata: {} }, 'type-project')).toBe(true);
    expect(matchesDocument(docs, { documentTypeId: 'type-file', metadata: {} }, 'type-folder')).toBe(false);
    expect(matchesContainer(docs, { containerTypeId: 'type-project', metadata: {} })).toBe(false);
    const all = compilePolicy({ ...base, matchResourceType: 'ALL' });
    expect(matchesContainer(all, { containerTypeId: 'x', metadata: {} }) && matchesDocument(all, { documentTypeId: 'y', metadata: {} }, 'x')).toBe(true);
  });
});
