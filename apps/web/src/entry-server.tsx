import { matchRoute, ROUTES, type RouteName } from '@portal/contracts/routes';
import type { RenderedPage, RenderPage, ScreenFileOf, ServerApi } from '@portal/contracts/server-render';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/app-providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { SCREEN_FILES } from './app/screens.tsx';
import { setApiTransport } from './lib/api-client.ts';

/** Trial renders at most; a page needs two or three (its screen, then its data, then data that depends on it). */
const MAX_PASSES = 5;

/** Queries asked for by the render and not fetched yet. Per-visitor data (the meta flag) is the browser's to fetch. */
function waitingQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => {
      if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle' || q.meta?.perVisitor) return false;
      // The options an observer gave the query, `enabled` among them.
      const { enabled } = q.options as { enabled?: boolean | ((query: Query) => boolean) };
      return (typeof enabled === 'function' ? enabled(q) : enabled) !== false;
    });
}

function Page({ url, queryClient }: { url: string; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
}

/**
 * Renders a public page as its first HTML, with the same components and the same calls as
 * the browser. Each trial render waits for the code of what it shows (the screen, a
 * carousel), then the data it asked for is fetched from the server's own routes, until a
 * render asks for nothing more; the page is then written in one piece, as plain HTML that
 * needs no script to show.
 */
export const render: RenderPage = async (url: string, serverApi: ServerApi): Promise<RenderedPage> => {
  setApiTransport(async (path) => {
    const answer = await serverApi(path);
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  const queryClient = createQueryClient();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { prelude } = await prerender(<Page url={url} queryClient={queryClient} />);
    await prelude.cancel();
    const waiting = waitingQueries(queryClient);
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
  }
  const html = renderToString(<Page url={url} queryClient={queryClient} />);
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, state, screenFile: screenFileOf(url) };
};

/** Also read by the server for the screens it does not render, whose code their HTML preloads. */
export const screenFileOf: ScreenFileOf = (url) => {
  const route = matchRoute(url.split('?')[0] ?? '/');
  const name = (Object.keys(ROUTES) as RouteName[]).find((n) => ROUTES[n] === route);
  return name ? SCREEN_FILES[name] : undefined;
};
