import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  confirmDiscard,
  dropUnsavedChanges,
  hasUnsavedChanges,
  hasUnsavedWork,
  startSaving,
  useUnsavedChanges,
  useUnsavedForms,
} from './unsaved-changes';

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

  it('closes at once when nothing is unsaved, and waits for a choice when something is', () => {
    const close = vi.fn();
    confirmDiscard(close);
    expect(close).toHaveBeenCalledTimes(1);

    const { unmount } = renderHook(() => useUnsavedChanges(true));
    confirmDiscard(close);
    expect(close).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe('unsaved work', () => {
  it('counts a save not yet responded to, once, until it is responded to', () => {
    expect(hasUnsavedWork()).toBe(false);
    const responded = startSaving();
    expect(hasUnsavedWork()).toBe(true);
    // Still unsaved to the question about leaving: the save may move on by itself.
    expect(hasUnsavedChanges()).toBe(false);
    responded();
    responded();
    expect(hasUnsavedWork()).toBe(false);
    expect(useUnsavedForms.getState().saving).toBe(0);
  });

  it('drops every form’s changes without asking', () => {
    const close = vi.fn();
    const { unmount } = renderHook(() => useUnsavedChanges(true));
    confirmDiscard(close);
    dropUnsavedChanges();
    expect(hasUnsavedChanges()).toBe(false);
    expect(useUnsavedForms.getState().pending).toBeNull();
    expect(close).not.toHaveBeenCalled();
    unmount();
  });
});
