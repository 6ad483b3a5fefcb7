import { USER_TYPE } from '@portal/contracts/constants';
import { matchRoute, ROUTES } from '@portal/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { browserSession } from '../../../lib/browser-session.ts';

const GUARD_TYPE: Record<string, number[]> = {
  public: [USER_TYPE.school, USER_TYPE.sponsor],
  school: [USER_TYPE.school],
  sponsor: [USER_TYPE.sponsor],
};

const SIGN_IN_SCREENS: string[] = [
  ROUTES.schoolLogin.path,
  ROUTES.sponsorLogin.path,
  ROUTES.schoolRegister.path,
  ROUTES.sponsorRegister.path,
];

/**
 * The saved backurl, only if it is a page of ours this user may open: never another site,
 * another user type's page (its guard would bounce straight to a login) or a login screen.
 */
export function safeBackUrl(raw: string | null, usertype: number): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  const { pathname } = new URL(raw, window.location.origin);
  const route = matchRoute(pathname);
  if (!route || SIGN_IN_SCREENS.includes(pathname)) return null;
  return GUARD_TYPE[route.guard]?.includes(usertype) ? raw : null;
}

/**
 * After login or registration (spec §4): remember the session, drop anything cached for a
 * previous account, and go where the user was headed.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, usertype: number, fallback: string, options: { ignoreBackUrl?: boolean } = {}) => {
      const back = options.ignoreBackUrl ? null : safeBackUrl(browserSession.backUrl(), usertype);
      browserSession.signIn(token, usertype);
      queryClient.removeQueries({ queryKey: ['account'] });
      navigate(back ?? fallback, { replace: true });
    },
    [navigate, queryClient],
  );
}
