import { create } from 'zustand';

/** How long a removed subscription can be brought back before the removal is sent. */
export const undoWindowMs = 5_000;

const usePendingDeletes = create<{ ids: Record<string, true> }>(() => ({ ids: {} }));
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function forget(id: string) {
  usePendingDeletes.setState((state) => {
    const { [id]: _removed, ...rest } = state.ids;
    return { ids: rest };
  });
}

/**
 * Removes something after an undo window: it disappears from the screen at once, and `commit`
 * (the DELETE call, then the refetch that drops it for good) runs when the window ends, unless
 * `undoDelete` came first. Kept outside any component, so closing the panel does not cancel it.
 */
export function scheduleDelete(
  id: string,
  commit: () => Promise<unknown>,
  onError: (error: unknown) => void,
): void {
  if (timers.has(id)) return;
  usePendingDeletes.setState((state) => ({ ids: { ...state.ids, [id]: true } }));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      commit()
        .catch(onError)
        .finally(() => forget(id));
    }, undoWindowMs),
  );
}

/** Brings it back; answers false when the removal has already been sent. */
export function undoDelete(id: string): boolean {
  const timer = timers.get(id);
  if (!timer) return false;
  clearTimeout(timer);
  timers.delete(id);
  forget(id);
  return true;
}

/** True while `id` waits out its undo window (or its removal is on the way). */
export function useIsPendingDelete(): (id: string) => boolean {
  const ids = usePendingDeletes((state) => state.ids);
  return (id) => Boolean(ids[id]);
}
