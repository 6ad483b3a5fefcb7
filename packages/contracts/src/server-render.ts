/**
 * Between the server and the web build's renderer of the public pages
 * (apps/web/src/entry-server.tsx, loaded by apps/server/src/modules/web/server-render.ts).
 */

/** How the server answers the app's own API calls while it renders: a GET of a path under /api/. */
export type ServerApi = (path: string) => Promise<{ status: number; body: string }>;

/** What the renderer gives back for a page. */
export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The data the page was rendered from, for the browser's query client to start with. */
  state: unknown;
  /** The screen's module under src/, whose chunk and stylesheets the page preloads. */
  screenFile: string | undefined;
}

/** The renderer's one entry point. */
export type RenderPage = (url: string, serverApi: ServerApi) => Promise<RenderedPage>;

/** The screen module under src/ that an address opens, signed in or not; undefined for no screen. */
export type ScreenFileOf = (url: string) => string | undefined;
