import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { initializeApp } from '../lib/app-init';
import { watchChunkLoads } from '../lib/chunk-reload';

// A file that fails to arrive reloads the page once, then shows the error screen.
watchChunkLoads();

// Who-am-i is asked now, before the router renders: the Loading Page, where the server sends a
// first visit (root.tsx), waits for the same response, and shows a failure (asking again).
void initializeApp().catch(() => undefined);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
