import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { initializeApp } from '../lib/app-init';
import { startAddress } from './route-guard';

// A first visit stops at the Loading Page before the router starts (route-guard.ts). A prerendered
// page is hydrated where it is, and the app initialises beside it; a failure is shown by the
// Loading Page the next navigation passes through.
const startAt = startAddress(window.location);
if (startAt) window.history.replaceState(null, '', startAt);
else void initializeApp().catch(() => undefined);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
