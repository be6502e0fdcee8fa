import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  scheduleDelete,
  sendPendingDeletes,
  undoDelete,
  undoWindowMs,
  useIsPendingDelete,
} from './pending-deletes';

describe('scheduleDelete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides at once and commits when the undo window ends', async () => {
    const commit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useIsPendingDelete());
    act(() => scheduleDelete('a', commit, () => undefined));
    expect(result.current('a')).toBe(true);
    expect(result.current('b')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs - 1));
    expect(commit).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(result.current('a')).toBe(false);
    // Too late to undo.
    expect(undoDelete('a')).toBe(false);
  });

  it('never commits what was undone', async () => {
    const commit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useIsPendingDelete());
    act(() => scheduleDelete('c', commit, () => undefined));
    let undone = false;
    act(() => {
      undone = undoDelete('c');
    });
    expect(undone).toBe(true);
    expect(result.current('c')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs * 2));
    expect(commit).not.toHaveBeenCalled();
  });

  it('reports a failed removal and shows the item again', async () => {
    const failure = new Error('offline');
    const onError = vi.fn();
    const { result } = renderHook(() => useIsPendingDelete());
    act(() => scheduleDelete('d', () => Promise.reject(failure), onError));
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(result.current('d')).toBe(false);
  });

  it('schedules one removal per item', async () => {
    const commit = vi.fn(() => Promise.resolve());
    act(() => {
      scheduleDelete('e', commit, () => undefined);
      scheduleDelete('e', commit, () => undefined);
    });
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('sends every removal still in its window at once when asked (signing out), and each only once', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useIsPendingDelete());
    act(() => {
      scheduleDelete('f', first, () => undefined);
      scheduleDelete('g', second, () => undefined);
    });
    await act(() => sendPendingDeletes());
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(result.current('f')).toBe(false);
    expect(undoDelete('g')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs * 2));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('sends only the removals asked for, leaving the others to their undo window', async () => {
    const asked = vi.fn(() => Promise.resolve());
    const other = vi.fn(() => Promise.resolve());
    act(() => {
      scheduleDelete('i', asked, () => undefined);
      scheduleDelete('j', other, () => undefined);
    });
    await act(() => sendPendingDeletes({ keepalive: false }, ['i']));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(undoDelete('j')).toBe(true);
  });

  it('sends a removal still in its window when the page is closed, asking the browser to finish it', async () => {
    const commit = vi.fn(() => Promise.resolve());
    act(() => scheduleDelete('h', commit, () => undefined));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await Promise.resolve();
    });
    expect(commit).toHaveBeenCalledWith({ keepalive: true });
    await act(() => vi.advanceTimersByTimeAsync(undoWindowMs * 2));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
