import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

/**
 * The toasts' container, loaded with the first toast: most visits show none, and its code (with
 * its animations) would otherwise weigh on every first page. A toast shown before it arrives
 * waits in Mantine's store and appears with it.
 */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom left: at the top right a toast covered the account menu, the bell and a panel's
          close button for as long as it showed (five seconds for an undo). */}
      <Notifications position="bottom-left" />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  // The server renders each page with a cache of its own, filled from the page's loader data.
  const [client] = useState(() => (import.meta.env.SSR ? createQueryClient() : queryClient));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsOnDemand />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
