import type { ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

/** Renders one screen inside the providers and a router, at the given path. */
export function renderScreen(
  Component: ComponentType,
  options: { path?: string; others?: Record<string, ComponentType> } = {},
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
  const result = render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...result, router };
}
