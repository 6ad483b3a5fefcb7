import { LOGOUT_RELOAD_MS } from '@portal/contracts/constants';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api-client.ts';
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
