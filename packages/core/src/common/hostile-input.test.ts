import { describe, expect, it } from 'vitest';
import { coercedIdField, findTextProblem, hasForbiddenCharacters, idField, INT4_MAX, MAX_PAYLOAD_DEPTH, versionField, versionMessage } from './index';

describe('text PostgreSQL cannot store (docs/decisions/022-hostile-input-at-the-edge.md)', () => {
  it('refuses NUL, other control characters, DEL and lone surrogates; keeps tab, newlines and real emoji', () => {
    for (const bad of ['a\u0000b', '\u0001', '\u001f', '\u007f', '\ud800', 'a\udc00', '\udc00\ud800']) expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['Jl. Braga\r\nNo. 5\tRT 1', '😀', 'é', '\u00a0', '']) expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false);
  });

  it('names the first bad value or key, and refuses nesting past the limit without recursing', () => {
    expect(findTextProblem({ a: 'ok', items: [{ name: 'x\u0000' }] })).toEqual({ kind: 'characters', path: ['items', 0, 'name'] });
    expect(findTextProblem({ nested: { 'k\u0000': 1 } })).toEqual({ kind: 'characters', path: ['nested'] });
    expect(findTextProblem({ a: 1, b: [true, null, 'fine'] })).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findTextProblem(deep)?.kind).toBe('depth');
    let shallow: unknown = 1;
    for (let i = 0; i < MAX_PAYLOAD_DEPTH; i++) shallow = [shallow];
    expect(findTextProblem(shallow)).toBeUndefined();
  });
});

describe('ids and versions fit an integer column', () => {
  it('accepts up to 2^31 - 1 and refuses beyond, with the given message', () => {
    expect(idField('Produk tidak valid.').safeParse(INT4_MAX).success).toBe(true);
    expect(idField('Produk tidak valid.').safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe('Produk tidak valid.');
    expect(coercedIdField().safeParse('2147483648').success).toBe(false);
    expect(coercedIdField().safeParse('1e400').success).toBe(false);
    expect(versionField.safeParse(99_999_999_999).error?.issues[0]?.message).toBe(versionMessage);
  });
});
