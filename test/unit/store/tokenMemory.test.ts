/**
 * The token memory's rules (main/store/repos/tokenRecords.ts): a token found is served while the
 * tokens' generation stays where it was found; a generation that moved empties the memory; a token
 * read by a lookup that began at an older generation is not kept once the memory has moved on.
 */
import { describe, expect, it } from 'vitest';
import { TokenMemory, type TokenRecord } from '../../../main/store/repos/tokenRecords.ts';

const record: TokenRecord = { kind: 'access', tenantId: 'tnt_a', clientId: 'cli_a', userId: null, expiresAt: Date.now() + 60_000 };

describe('TokenMemory', () => {
  it('serves a token at the generation it was found at, and forgets every token when the generation moves', () => {
    const memory = new TokenMemory(() => '7.0');
    expect(memory.get('a', '1')).toBeUndefined();
    memory.remember('a', record, '1');
    expect(memory.get('a', '1')).toBe(record);
    expect(memory.get('a', '2')).toBeUndefined();
    expect(memory.get('a', '1')).toBeUndefined();
  });

  it('does not keep a token found by a lookup that began before the memory moved on', () => {
    const memory = new TokenMemory(() => '7.0');
    expect(memory.get('a', '1')).toBeUndefined();
    // Another request read generation 2 (a token was removed) while this lookup read the database.
    expect(memory.get('b', '2')).toBeUndefined();
    memory.remember('a', record, '1');
    expect(memory.get('a', '2')).toBeUndefined();
  });

  it('reads the generation itself for a lookup that brings none', () => {
    let generation = '3.0';
    const memory = new TokenMemory(() => generation);
    expect(memory.now()).toBe('3.0');
    generation = '4.0';
    expect(memory.now()).toBe('4.0');
  });
});
