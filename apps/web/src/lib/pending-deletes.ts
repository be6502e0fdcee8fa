import { useEffect } from 'react';
import { create } from 'zustand';

/** How long a removed subscription can be brought back before the removal is sent. */
export const undoWindowMs = 5_000;

const usePendingDeletes = create<{ ids: Record<string, true> }>(() => ({ ids: {} }));

/** `keepalive`: the page is being closed, and the browser must finish the request on its own. */
export interface SendOptions {
  keepalive: boolean;
}

/** Each removal waiting out its window: its timer, and what sends it. */
const timers = new Map<
  string,
  { timer: ReturnType<typeof setTimeout>; send: (options?: SendOptions) => Promise<void> }
>();

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
  commit: (options: SendOptions) => Promise<unknown>,
  onError: (error: unknown) => void,
): void {
  if (timers.has(id)) return;
  usePendingDeletes.setState((state) => ({ ids: { ...state.ids, [id]: true } }));
  const send = async (options: SendOptions = { keepalive: false }) => {
    timers.delete(id);
    try {
      await commit(options);
    } catch (error) {
      onError(error);
    } finally {
      forget(id);
    }
  };
  timers.set(id, { timer: setTimeout(() => void send(), undoWindowMs), send });
}

/**
 * Sends every removal still in its undo window now (or only those of `ids`), and waits for them:
 * signing out must not lose one, nor let it go later under the next person's session.
 */
export async function sendPendingDeletes(
  options: SendOptions = { keepalive: false },
  ids?: readonly string[],
): Promise<void> {
  const pending = [...timers].filter(([id]) => !ids || ids.includes(id)).map(([, entry]) => entry);
  for (const { timer } of pending) clearTimeout(timer);
  await Promise.all(pending.map(({ send }) => send(options)));
}

// Closing or reloading the tab within the window sends the removal rather than dropping it.
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => void sendPendingDeletes({ keepalive: true }));

/** Brings it back; returns false when the removal has already been sent. */
export function undoDelete(id: string): boolean {
  const pending = timers.get(id);
  if (!pending) return false;
  clearTimeout(pending.timer);
  timers.delete(id);
  forget(id);
  return true;
}

/** True while `id` waits out its undo window (or its removal is on the way). */
export function useIsPendingDelete(): (id: string) => boolean {
  const ids = usePendingDeletes((state) => state.ids);
  return (id) => Boolean(ids[id]);
}

/**
 * Sends at once the removals of `ids` still in their undo window, and returns true until they are
 * done (sent, and the data refetched). A form that lists these items waits for it: the undo window
 * must not end after the form was filled, removing what the form shows and then saves.
 */
export function useSendPendingDeletesNow(ids: readonly string[]): boolean {
  const isPendingDelete = useIsPendingDelete();
  const waiting = ids.filter(isPendingDelete);
  const key = waiting.join(' ');
  useEffect(() => {
    if (key) void sendPendingDeletes({ keepalive: false }, key.split(' '));
  }, [key]);
  return waiting.length > 0;
}
