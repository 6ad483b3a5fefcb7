import { useEffect } from 'react';
import { ApiError } from './api-client.ts';
import { browserSession } from './browser-session.ts';

/**
 * A 401 on a signed-in page means the server no longer knows the token (expired, revoked
 * by a password change elsewhere). Forgetting it lets the route guard send the user to
 * the login screen, which brings them back here afterwards.
 */
export function useSignOutOnExpiry(error: unknown) {
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) browserSession.signOut();
  }, [error]);
}
