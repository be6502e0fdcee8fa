import { useId, type ReactNode } from 'react';
import classes from './header-popover.module.css';

/** What the button that opens the panel must carry. */
export interface HeaderPopoverTarget {
  popoverTarget: string;
}

/**
 * A panel under the header opened by a button, with the browser's own popover: it opens, closes on
 * Escape or a click elsewhere, and gives the focus back to its button without the app's code, so it
 * answers a tap on a slow phone while the page's code is still on its way. A link followed inside it
 * closes it, as a page change would.
 */
export function HeaderPopover({
  target,
  width,
  role,
  label,
  children,
}: {
  target: (props: HeaderPopoverTarget) => ReactNode;
  width: number;
  role?: 'dialog';
  label?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      {target({ popoverTarget: id })}
      <div
        id={id}
        popover="auto"
        role={role}
        aria-label={label}
        className={classes.panel}
        style={{ width }}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
        }}
      >
        {children}
      </div>
    </>
  );
}
