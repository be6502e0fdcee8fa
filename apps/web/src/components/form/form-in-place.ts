import { useEffect, useRef, useState } from 'react';

/**
 * A form or a question shown in place of what opened it (a home's systems, a corporation's own
 * tasks, "Remove this entry?"): nothing open (null), or what is open, `T` (an item to change, or
 * `'new'`). The button pressed is gone while it shows, so the form's heading takes the focus as it
 * opens (`useFocusedHeading`; a question's safe answer, by `autoFocus`) and `focusRef` (the section
 * around it with `tabIndex={-1}`, or the button itself) as it closes; else the focus would fall to
 * the start of the page.
 */
export function useFormInPlace<T, Section extends HTMLElement = HTMLDivElement>() {
  const [opened, setOpened] = useState<T | null>(null);
  const focusRef = useRef<Section>(null);
  const closing = useRef(false);
  useEffect(() => {
    if (opened !== null || !closing.current) return;
    closing.current = false;
    focusRef.current?.focus();
  }, [opened]);
  return {
    opened,
    open: setOpened,
    close: () => {
      closing.current = true;
      setOpened(null);
    },
    focusRef,
  };
}

/** A heading that takes the focus as its form opens (give it `tabIndex={-1}`), to be read from. */
export function useFocusedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}
