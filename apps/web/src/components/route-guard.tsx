import { USER_TYPE } from '@portal/contracts/constants';
import { type Guard, ROUTES } from '@portal/contracts/routes';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { browserSession, useSession } from '../lib/browser-session.ts';
import { dashboardPath } from '../lib/dashboard-path.ts';

const ALLOWED: Record<Exclude<Guard, 'public'>, number[]> = {
  school: [USER_TYPE.school],
  sponsor: [USER_TYPE.sponsor],
  staff: [USER_TYPE.admin, USER_TYPE.salesRep],
};

const LOGIN: Record<Exclude<Guard, 'public'>, string> = {
  school: ROUTES.schoolLogin.path,
  sponsor: ROUTES.sponsorLogin.path,
  staff: ROUTES.adminLogin.path,
};

/** Marks a login screen reached from a guarded page: the user asked for another account's page. */
const FROM_GUARD = { fromGuard: true };

/**
 * The sign-in and registration screens are for people who are not signed in: a signed-in
 * school or sponsor who opens one goes to its dashboard instead. A sponsor that a school
 * page sent to the school login stays there (spec §6), free to sign in as a school.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Judged as the screen opens: signing in on it leads on by itself, to where the user was going.
  const [dashboard] = useState(() =>
    (location.state as typeof FROM_GUARD | null)?.fromGuard ? undefined : dashboardPath(browserSession.get()),
  );
  // A page the server rendered (for a visitor signed out) is first hydrated as it came, and
  // only then left: leaving at once would make the browser's first render differ from it.
  const hydrating = useSyncExternalStore(neverChanges, afterHydrating, whileHydrating);
  return dashboard && !hydrating ? <Navigate to={dashboard} replace /> : children;
}

const neverChanges = () => () => {};
/** React reads the server's value while it renders on the server or hydrates; the other one after. */
const whileHydrating = () => true;
const afterHydrating = () => false;

/**
 * Admits only a signed-in user of the guard's type (spec §6); anyone else goes to the
 * matching sign-in page, which brings them back here afterwards (backurl).
 */
export function RouteGuard({ guard }: { guard: Exclude<Guard, 'public'> }) {
  const location = useLocation();
  const session = useSession();
  if (session.signedIn && session.usertype !== null && ALLOWED[guard].includes(session.usertype)) return <Outlet />;
  if (browserSession.isLeaving()) return null;
  browserSession.setBackUrl(`${location.pathname}${location.search}`);
  return <Navigate to={LOGIN[guard]} replace state={FROM_GUARD} />;
}
