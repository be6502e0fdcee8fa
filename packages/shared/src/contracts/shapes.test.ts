import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPer } from './shapes';

describe('a field per name of a list', () => {
  const kinds = ['done', 'later', 'help'] as const;
  const counts = z.object(fieldPer(kinds, z.number()));

  it('gives each name of the list the same schema', () => {
    expect(Object.keys(counts.shape)).toEqual(['done', 'later', 'help']);
    expect(counts.parse({ done: 1, later: 2, help: 0 })).toEqual({ done: 1, later: 2, help: 0 });
  });

  it('refuses an object that lacks a name of the list', () => {
    expect(counts.safeParse({ done: 1, later: 2 }).success).toBe(false);
  });
});
