import { USER_TYPE } from '@portal/contracts/constants';
import { type Guard, ROUTES } from '@portal/contracts/routes';
import type { ReactNode } from 'react';
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

/**
 * The sign-in and registration screens are for people who are not signed in: a signed-in
 * school or sponsor who opens one goes to its dashboard instead.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const dashboard = dashboardPath(useSession());
  return dashboard ? <Navigate to={dashboard} replace /> : children;
}

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
  return <Navigate to={LOGIN[guard]} replace />;
}
