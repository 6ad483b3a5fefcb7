import { USER_TYPE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import type { SessionState } from './browser-session.ts';

/** Where a signed-in school or sponsor starts: its dashboard; undefined for anyone else. */
export function dashboardPath(session: SessionState): string | undefined {
  if (!session.signedIn) return undefined;
  if (session.usertype === USER_TYPE.school) return ROUTES.schoolDashboard.path;
  if (session.usertype === USER_TYPE.sponsor) return ROUTES.sponsorDashboard.path;
  return undefined;
}

const STAFF_TYPES: readonly number[] = [USER_TYPE.admin, USER_TYPE.salesRep];

/** An administrator or a sales rep: someone the back office is for. */
export const isStaff = (usertype: number | null) => usertype !== null && STAFF_TYPES.includes(usertype);
