import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import classes from './controls-after-hydration.module.css';

/**
 * A server-rendered page's buttons, boxes and fields wait, disabled, until the app has hydrated it:
 * a tap before then would toggle a box the app then resets, or do nothing at all. Links need no
 * script and keep working, as do the emailed links' pages, whose forms post without it.
 */
export function ControlsAfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={classes.controls} disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
