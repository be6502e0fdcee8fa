import { lazy, Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { hasUnsavedChanges, useUnsavedForms } from './unsaved-changes';

// The question's dialog (Mantine's Modal) loads when first needed, not with every signed-in screen.
const ConfirmDialog = lazy(() =>
  import('../confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * One per signed-in frame: asks before a form's unsaved changes are dropped, by moving to another
 * screen in the app, by `confirmDiscard`, or (the browser's own question) by closing or reloading
 * the tab.
 */
export function UnsavedChangesGuard() {
  const unsaved = useUnsavedForms((state) => state.ids.size > 0);
  const pending = useUnsavedForms((state) => state.pending);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const blocked = blocker.state === 'blocked';
  const discard = () => {
    useUnsavedForms.setState({ ids: new Set(), pending: null });
    if (blocked) blocker.proceed();
    else pending?.();
  };
  const keepEditing = () => {
    useUnsavedForms.setState({ pending: null });
    if (blocked) blocker.reset();
  };

  const asking = blocked || pending !== null;
  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened
        title="Discard your changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={discard}
        onCancel={keepEditing}
      >
        What you changed in this form has not been saved yet.
      </ConfirmDialog>
    </Suspense>
  );
}
