import './styles/mantine-core.css';
import './global.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/app-providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { screenLoaders } from './app/screens.tsx';
import { registerScreenPreloads } from './lib/screen-preload.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Buttons whose call leads to another screen start loading its code meanwhile.
registerScreenPreloads(screenLoaders());

const queryClient = createQueryClient();
// A page the server rendered carries the data it was rendered from: the browser starts with
// it and fetches none of it again. The server keeps a page only while its data is unchanged,
// so the data is as fresh as the page that just arrived, however long ago it was rendered.
const state = document.getElementById('app-state');
if (state?.textContent) {
  const dehydrated = JSON.parse(state.textContent) as DehydratedState;
  const now = Date.now();
  for (const query of dehydrated.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, dehydrated);
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Hydrating as a transition lets the browser paint and answer input between slices of the
// work, instead of one long task while the page is already on screen.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
