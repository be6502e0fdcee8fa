import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dropUnsavedChanges, hasUnsavedWork } from '../../components/form/unsaved-changes';
import { rememberSessionEnded } from '../../lib/session-ended';
import { isAuthenticated, useSession } from '../../lib/session-store';

/** setTimeout's longest wait; a later expiry is checked again when it fires. */
const longestTimeoutMs = 2 ** 31 - 1;

/**
 * One per signed-in frame: when the session ends on its own (its 2 hours are up, or the server
 * refused the token: revoked, disabled, signed out elsewhere), goes to Login at once, telling why
 * and coming back here after signing in. Changes not saved are dropped without asking: nothing can
 * save them any more, and "Keep editing" would leave the person on a form that cannot.
 */
export function SessionEndedWatcher() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((state) => isAuthenticated(state));
  const expiry = useSession((state) => state.expiry);
  const changesLost = useRef(false);
  const handled = useRef(false);

  // Read as the token goes, before React draws again: the forms unmount as their queries empty.
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (previous.bearerToken && !state.bearerToken) changesLost.current = hasUnsavedWork();
      }),
    [],
  );

  useEffect(() => {
    if (expiry === null) return;
    const timer = setTimeout(
      () => {
        if (!isAuthenticated(useSession.getState())) useSession.getState().clearBearerToken();
      },
      Math.min(Math.max(expiry - Date.now() + 1, 0), longestTimeoutMs),
    );
    return () => clearTimeout(timer);
  }, [expiry]);

  useEffect(() => {
    if (signedIn) {
      handled.current = false;
      return;
    }
    // Once: the move to Login changes the address again before this frame is gone.
    if (handled.current) return;
    handled.current = true;
    const lost = changesLost.current || hasUnsavedWork();
    dropUnsavedChanges();
    useSession.getState().setReturnUrl(`${pathname}${search}`);
    rememberSessionEnded(lost ? 'changes-lost' : 'ended');
    void navigate('/login', { replace: true });
  }, [signedIn, navigate, pathname, search]);

  return null;
}
