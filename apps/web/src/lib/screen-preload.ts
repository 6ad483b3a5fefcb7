import type { RouteName } from '@portal/contracts/routes';

type LoadScreen = () => Promise<unknown>;

/** The screens' code, by route: app/ fills it at start-up, since only app/ knows the screens. */
let screens: Partial<Record<RouteName, LoadScreen>> = {};

/** Tells the preloader where each screen's code is (app/screens.tsx's `screenLoaders`). */
export function registerScreenPreloads(loaders: Partial<Record<RouteName, LoadScreen>>): void {
  screens = loaders;
}

/**
 * Starts loading a screen's code before the app goes to it, from a button whose call leads
 * there: the code then arrives while the server answers, not after. The screen reads its
 * data itself once shown: read earlier, the data would make the navigation (a transition,
 * which anything else on the page may interrupt and restart) render the whole screen.
 * Before app/ has registered the screens (the server's render) it does nothing.
 */
export function preloadScreen(name: RouteName): void {
  // The screen asks again when it renders, and says so if it still cannot load.
  screens[name]?.().catch(() => undefined);
}
