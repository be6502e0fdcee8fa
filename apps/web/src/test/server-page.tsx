import type { ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  type ActionFunctionArgs,
  type AppLoadContext,
  type ClientActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { theme } from '../app/theme';

interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The API as the server responds to a page's loader and action in-process: each request recorded in
 * `calls`, each response from `respond(path)`, which a test sets.
 */
export function inProcessApi() {
  const calls: ApiCall[] = [];
  const api = {
    calls,
    respond: (path: string): { status: number; body: unknown } => {
      throw new Error(`no answer for ${path}`);
    },
    context: (dataRequest: boolean): AppLoadContext => ({
      nonce: '',
      dataRequest,
      viewer: null,
      fetchApi: async (request: Request) => {
        const path = new URL(request.url).pathname;
        calls.push({ method: request.method, path, body: request.body ? await request.json() : null });
        const { status, body } = api.respond(path);
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
    /**
     * Posts a form to a page's action as the server takes it: a plain form post, or with
     * `dataRequest` the router's data request from the page's script.
     */
    postForm: <T,>(
      action: (args: ActionFunctionArgs<AppLoadContext>) => Promise<T>,
      address: string,
      fields: string[][],
      dataRequest = false,
    ) =>
      action({
        request: new Request(`http://x${address}`, { method: 'POST', body: new URLSearchParams(fields) }),
        params: {},
        context: api.context(dataRequest),
      } as never),
  };
  return api;
}

/** A page's route module: what the server build and the browser take from it. */
export interface ServerPageModule {
  Component: ComponentType;
  loader: (args: LoaderFunctionArgs<AppLoadContext>) => Promise<unknown>;
  action: (args: ActionFunctionArgs<AppLoadContext>) => Promise<unknown>;
  clientAction?: (args: ClientActionFunctionArgs) => Promise<unknown>;
}

/**
 * Renders a page the server renders, at `address`. With the page's script (`script`), its form
 * goes through the clientAction to the server's action as the router's data request; without it,
 * to the action alone, as a plain form post. `others` are the pages it may lead to; `rendered` opens
 * it as the server responded to a form post.
 */
export function renderServerPage(
  page: ServerPageModule,
  address: string,
  {
    api,
    script = true,
    others = {},
    rendered,
  }: {
    api: ReturnType<typeof inProcessApi>;
    script?: boolean;
    others?: Record<string, ComponentType>;
    /** The page as the server rendered it after a plain form post: its loader's and action's data. */
    rendered?: { loaderData: unknown; actionData: unknown };
  },
) {
  const { Component, loader, action, clientAction } = page;
  const router = createMemoryRouter(
    [
      {
        id: 'page',
        path: address.split('?')[0]!,
        Component,
        HydrateFallback: () => null,
        loader: (args) => loader({ ...args, context: api.context(false) }),
        action: (args) =>
          script && clientAction
            ? clientAction({
                ...args,
                serverAction: () => action({ ...args, context: api.context(true) }),
              } as ClientActionFunctionArgs)
            : action({ ...args, context: api.context(false) }),
      },
      ...Object.entries(others).map(([path, Other]) => ({ path, Component: Other })),
    ],
    {
      initialEntries: [address],
      ...(rendered
        ? {
            hydrationData: {
              loaderData: { page: rendered.loaderData },
              actionData: { page: rendered.actionData },
            },
          }
        : {}),
    },
  );
  const result = render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...result, router };
}
