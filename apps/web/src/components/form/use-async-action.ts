import { useState } from 'react';

/**
 * What a button outside a form starts (a download, an upload, a change): `busy` while it runs, and
 * the error it failed with kept for a `ServerErrorAlert`; a new start clears the old one. `fail`
 * shows a problem found before anything is sent.
 */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = async (action: () => Promise<unknown>): Promise<void> => {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run, fail: setFailure };
}
