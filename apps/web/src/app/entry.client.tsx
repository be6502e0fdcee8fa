import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startAddress } from './route-guard';

// A first visit stops at the Loading Page before the router starts (route-guard.ts).
const startAt = startAddress(window.location);
if (startAt) window.history.replaceState(null, '', startAt);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
