import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accepting: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the rules once, at the first check', async () => {
    const load = vi.fn(async () => accepting);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await resolver({ email: 'a@b.test' }, undefined, options);
    const result = await resolver({ email: 'c@d.test' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.values).toEqual({ email: 'c@d.test' });
  });

  it('tries the load again after it failed', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(accepting);
    const resolver = lazyResolver(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('network');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
