import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter, startingRoutes, type AppRouter } from './router';
import { readyToTakeOver, restorePageInput, watchPageInput } from './take-over';

const container = document.getElementById('root')!;

// A page drawn at build time carries the rules it uses and loads the whole stylesheet for print
// only, so that the first paint waits for it not; from here on every medium has it.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-styles]'))
  link.media = 'all';

/** Runs once the app's first screen is in the page. */
function AfterFirstDraw({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

function mount(router: AppRouter, afterFirstDraw: () => void = () => undefined) {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <AfterFirstDraw run={afterFirstDraw} />
    </StrictMode>,
  );
}

/**
 * Draws the app over a page the server drew: in a transition, which React renders in slices
 * between which the browser stays free, while the drawn page stays on screen until the commit.
 */
function mountOver(router: AppRouter, afterFirstDraw: () => void) {
  startTransition(() => mount(router, afterFirstDraw));
}

/** Ends the current task, so that the browser can answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A screen the server drew at build time (docs/decisions/031 and 044) stays until the app can
// draw the same screen, then the app replaces it, keeping what the visitor typed meanwhile. The
// page is on screen already, so the start is cut into tasks: the code's evaluation, the routes
// (the screen's code asked for with them), the router's set-up, the render (decisions 045, 047).
if (container.firstElementChild) {
  void nextTask()
    .then(startingRoutes)
    .then(async (routes) => {
      await nextTask();
      const router = createAppRouter(routes);
      return readyToTakeOver(router)
        .catch(() => undefined)
        .then(() => router);
    })
    .then((router) => {
      const pageInput = watchPageInput(container);
      mountOver(router, () => {
        // A signed-in frame is drawn inert: usable from here on.
        container.removeAttribute('inert');
        restorePageInput(container, pageInput());
      });
    });
} else {
  mount(createAppRouter());
}
