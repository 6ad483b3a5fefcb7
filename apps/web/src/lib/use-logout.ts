import { LOGOUT_RELOAD_MS } from '@portal/contracts/constants';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from './api-client.ts';
import { browserSession } from './browser-session.ts';

/**
 * The one logout routine (spec §2, §4): revoke the token on the server, forget it here,
 * go home, then reload so that no signed-in data survives in memory.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // The server may already have dropped the session; the browser forgets it either way.
    await api.post('logout', {}, { silent: true }).catch(() => undefined);
    browserSession.signOutAndLeave();
    navigate('/', { replace: true });
    window.setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
  }, [navigate]);
}

/**
 * Spec §4: a profile whose details cannot be read means the session is no good; log out,
 * once. An expired session (401) is not logged out here: the API client has already
 * forgotten it, and the guard takes the user to the login and back again.
 */
export function useLogoutWhen(error: unknown) {
  const logout = useLogout();
  const loggedOut = useRef(false);
  const failed = !!error && !(error instanceof ApiError && error.status === 401);
  useEffect(() => {
    if (failed && !loggedOut.current) {
      loggedOut.current = true;
      void logout();
    }
  }, [failed, logout]);
}
