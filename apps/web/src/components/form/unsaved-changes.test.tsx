import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmDiscard, hasUnsavedChanges, useUnsavedChanges } from './unsaved-changes';

describe('unsaved changes', () => {
  it('counts a form as unsaved only while it says so and is on screen', () => {
    const { rerender, unmount } = renderHook(({ unsaved }) => useUnsavedChanges(unsaved), {
      initialProps: { unsaved: false },
    });
    expect(hasUnsavedChanges()).toBe(false);
    rerender({ unsaved: true });
    expect(hasUnsavedChanges()).toBe(true);
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('lets a form release itself at once, before it moves on after saving', () => {
    const { result } = renderHook(() => useUnsavedChanges(true));
    expect(hasUnsavedChanges()).toBe(true);
    result.current.release();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('closes at once when nothing is unsaved, and waits for an answer when something is', () => {
    const close = vi.fn();
    confirmDiscard(close);
    expect(close).toHaveBeenCalledTimes(1);

    const { unmount } = renderHook(() => useUnsavedChanges(true));
    confirmDiscard(close);
    expect(close).toHaveBeenCalledTimes(1);
    unmount();
  });
});
