import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAsyncAction } from './use-async-action';

describe('useAsyncAction', () => {
  it('is busy while the action runs, then keeps its failure until the next start', async () => {
    const { result } = renderHook(() => useAsyncAction());
    let finish!: (error: Error) => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise((_, reject) => (finish = reject)));
    });
    expect(result.current.busy).toBe(true);
    const refused = new Error('refused');
    await act(async () => {
      finish(refused);
      await running;
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.failure).toBe(refused);
    await act(() => result.current.run(async () => undefined));
    expect(result.current.failure).toBeNull();
  });

  it('shows a problem found before anything is sent', () => {
    const { result } = renderHook(() => useAsyncAction());
    const problem = new Error('too large');
    act(() => result.current.fail(problem));
    expect(result.current.failure).toBe(problem);
    expect(result.current.busy).toBe(false);
  });
});
