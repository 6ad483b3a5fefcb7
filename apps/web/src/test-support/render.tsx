import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme.ts';

/*
 * What a screen stands in, for a test: Mantine with the app's theme (env "test": no
 * transitions or portals, so a modal is in the page at once) and a router in memory, whose
 * state says where the app went and whether it pushed or replaced the address. happy-dom
 * has its own window.matchMedia, which Mantine asks for the color scheme.
 */

export type TestRouter = ReturnType<typeof createMemoryRouter>;

function inApp(children: ReactNode, path: string): { element: ReactNode; router: TestRouter } {
  const router = createMemoryRouter(
    [
      { path: '*', element: children },
      // A screen to leave for: its address is the router's, its text says it was reached.
      { path: '/elsewhere', element: <p>Another screen</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    element: (
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    ),
    router,
  };
}

/** Renders `ui` as a screen at `path` (by default `/`). */
export function renderScreen(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const { element, router } = inApp(ui, path);
  return { ...render(element), router };
}

/** Runs a hook inside a screen at `path`: `result.current` is what it returned at its last render. */
export function renderScreenHook<T>(hook: () => T, { path = '/' }: { path?: string } = {}) {
  const result = { current: undefined as T };
  function HookProbe() {
    result.current = hook();
    return null;
  }
  return { ...renderScreen(<HookProbe />, { path }), result };
}

/** Where the router is: path and query, as the address bar shows them. */
export const addressOf = (router: TestRouter) => router.state.location.pathname + router.state.location.search;
