import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { initializeApp } from '../lib/app-init';
import { watchChunkLoads } from '../lib/chunk-reload';
import { startAddress } from './route-guard';

// A file that fails to arrive reloads the page once, then shows the error screen.
watchChunkLoads();

// A first visit stops at the Loading Page before the router starts (route-guard.ts); a
// prerendered page is hydrated where it is. Either way who-am-i is asked now, before the router
// renders: the Loading Page waits for the same answer, and shows a failure (asking again).
const startAt = startAddress(window.location);
if (startAt) window.history.replaceState(null, '', startAt);
void initializeApp().catch(() => undefined);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
