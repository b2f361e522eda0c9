import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sortQueryFields } from './index';

describe('sortQueryFields (issue 17: sorting on every back-office list)', () => {
  const schema = z.object(sortQueryFields(['name', 'created_at'] as const, { sort: 'created_at', dir: 'desc' }));
  it('reads a known column and direction', () => {
    expect(schema.parse({ sort: 'name', dir: 'asc' })).toEqual({ sort: 'name', dir: 'asc' });
  });
  it('falls back to the default order when absent or unknown', () => {
    expect(schema.parse({})).toEqual({ sort: 'created_at', dir: 'desc' });
    expect(schema.parse({ sort: 'password_hash', dir: 'sideways' })).toEqual({ sort: 'created_at', dir: 'desc' });
  });
});
