import { type Guard, ROUTES, type RouteDef, type RouteName } from '@portal/contracts/routes';
import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout, ScreenFrame } from '../components/layout/public-layout.tsx';
import { RouteGuard, SignedOutOnly } from '../components/route-guard.tsx';
import { ScreenToasts } from '../lib/toast.tsx';
import { screenFor } from './screens.tsx';

const NotFound = lazy(() => import('../features/static-pages/routes/not-found.tsx'));

const entries = Object.entries(ROUTES) as [RouteName, RouteDef][];

/** Screens for people who are not signed in yet. */
const SIGNED_OUT_ONLY = new Set<RouteName>(['schoolLogin', 'schoolRegister', 'sponsorLogin', 'sponsorRegister']);

/** Each screen's component, made once: a screen whose code has loaded renders at once from then on. */
const SCREENS = new Map(entries.map(([name, def]) => [name, screenFor(name, def.contentPage)]));

function routesFor(guard: Guard) {
  return entries
    .filter(([, def]) => def.guard === guard)
    .map(([name, def]) => {
      const Screen = SCREENS.get(name) as ComponentType;
      const screen = SIGNED_OUT_ONLY.has(name) ? (
        <SignedOutOnly>
          <Screen />
        </SignedOutOnly>
      ) : (
        <Screen />
      );
      // Paths are matched as written: /About is no page (the server sends it to /about).
      return <Route key={name} path={def.path} element={screen} caseSensitive />;
    });
}

/**
 * Every route of both spec documents, grouped under its guard (spec §6). Declarative
 * routes keep the router's share of the first download small.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <>
            <ScreenToasts />
            <PublicLayout />
          </>
        }
      >
        {routesFor('public')}
        {(['school', 'sponsor'] as const).map((guard) => (
          <Route key={guard} element={<RouteGuard guard={guard} />}>
            {routesFor(guard)}
          </Route>
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* The back office has its own frame, not the public header and footer. */}
      <Route
        element={
          <>
            <ScreenToasts />
            <ScreenFrame />
          </>
        }
      >
        <Route element={<RouteGuard guard="staff" />}>{routesFor('staff')}</Route>
      </Route>
    </Routes>
  );
}
