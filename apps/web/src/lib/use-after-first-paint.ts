import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first draw; true from just after the frame that shows it.
 *
 * Popovers, menus, drawers and selects set state as they mount: floating-ui records the element
 * they open from, and a portal marks itself mounted. Inside a screen's first commit React draws
 * them again at once, and first runs every passive effect of the new screen (its data requests
 * among them), all in one long task (decision 047). Mounted a frame later, they cost a short task
 * of their own. Until then their button is drawn alone, and a tap on it does nothing.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: React draws them in slices, between which the browser stays free.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
