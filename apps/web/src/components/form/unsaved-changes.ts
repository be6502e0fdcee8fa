import { useCallback, useEffect, useId } from 'react';
import { create } from 'zustand';

interface UnsavedState {
  /** The forms on screen holding changes not yet saved, by an id of each. */
  ids: ReadonlySet<string>;
  /** What waits for the person's choice: closing a panel, say. */
  pending: (() => void) | null;
  /** Saves sent and not yet responded to: their changes are not saved either until they are. */
  saving: number;
}

/** Read by `UnsavedChangesGuard`, which asks the person. */
export const useUnsavedForms = create<UnsavedState>(() => ({ ids: new Set(), pending: null, saving: 0 }));

function mark(id: string, unsaved: boolean): void {
  useUnsavedForms.setState((state) => {
    if (state.ids.has(id) === unsaved) return state;
    const ids = new Set(state.ids);
    if (unsaved) ids.add(id);
    else ids.delete(id);
    return { ids };
  });
}

export function hasUnsavedChanges(): boolean {
  return useUnsavedForms.getState().ids.size > 0;
}

/**
 * Marks the calling form as holding changes not yet saved while `unsaved` is true, so that leaving
 * it (another screen, closing the panel, closing the tab) asks first. `release` unmarks it at
 * once, before an effect could: a form saving and then moving on calls it first; `hold` marks it
 * again at once when the save did not happen.
 */
export function useUnsavedChanges(unsaved: boolean): { release: () => void; hold: () => void } {
  const id = useId();
  useEffect(() => {
    mark(id, unsaved);
    return () => mark(id, false);
  }, [id, unsaved]);
  const release = useCallback(() => mark(id, false), [id]);
  const hold = useCallback(() => mark(id, true), [id]);
  return { release, hold };
}

/** Counts a save from now until the returned function is called (when it is responded to). */
export function startSaving(): () => void {
  useUnsavedForms.setState((state) => ({ saving: state.saving + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    useUnsavedForms.setState((state) => ({ saving: state.saving - 1 }));
  };
}

/** Whether any form holds changes not saved, or has a save not yet responded to. */
export function hasUnsavedWork(): boolean {
  const { ids, saving } = useUnsavedForms.getState();
  return ids.size > 0 || saving > 0;
}

/**
 * Forgets every form's unsaved changes without asking, for when they can no longer be saved (the
 * session ended).
 */
export function dropUnsavedChanges(): void {
  useUnsavedForms.setState({ ids: new Set(), pending: null });
}

/** Runs `action` (closing a panel, say) at once, or after the person agrees to drop their changes. */
export function confirmDiscard(action: () => void): void {
  if (!hasUnsavedChanges()) action();
  else useUnsavedForms.setState({ pending: action });
}
