import type { ComponentType, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

/** A query client for one test: a failed call fails at once rather than being tried again. */
export function testQueryClient(queries: { staleTime?: number } = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...queries, retry: false } } });
}

/** `renderHook`'s wrapper for hooks that query: the providers around the hook under test. */
export function queryWrapper(client: QueryClient) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/**
 * Renders a part of a screen inside the app's theme and a query client; `router` adds a router at
 * `path` (`/` by default) for parts that read the address or link.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    queryClient = testQueryClient(),
    router = false,
    path = '/',
  }: { queryClient?: QueryClient; router?: boolean; path?: string } = {},
) {
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {router ? <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter> : ui}
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * Renders one screen inside the providers and a router, at the given path; inside `queryClient`
 * too when the screen reads the server.
 */
export function renderScreen(
  Component: ComponentType,
  options: { path?: string; others?: Record<string, ComponentType>; queryClient?: QueryClient } = {},
) {
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0]!, Component },
      ...Object.entries(options.others ?? {}).map(([otherPath, Other]) => ({
        path: otherPath,
        Component: Other,
      })),
    ],
    { initialEntries: [path] },
  );
  const routed = <RouterProvider router={router} />;
  const result = render(
    <MantineProvider theme={theme}>
      {options.queryClient ? (
        <QueryClientProvider client={options.queryClient}>{routed}</QueryClientProvider>
      ) : (
        routed
      )}
    </MantineProvider>,
  );
  return { ...result, router };
}
