import { describe, expect, it } from 'vitest';
import { errorBodySchema, isErrorBody } from './errors';

describe('the refusal body', () => {
  const samples: unknown[] = [
    { Errors: ['The email is required.'] },
    { Errors: ['One', 'Two'], extra: true },
    { Errors: [] },
    { Errors: ['One', 2] },
    { Errors: 'One' },
    { errors: ['One'] },
    { message: 'One' },
    ['One'],
    'One',
    null,
  ];

  it('is recognised alike by the schema and by the plain check the browser uses', () => {
    for (const sample of samples)
      expect(isErrorBody(sample), JSON.stringify(sample)).toBe(errorBodySchema.safeParse(sample).success);
  });
});
