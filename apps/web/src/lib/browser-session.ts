import { BROWSER_STORAGE, USER_TYPE } from '@portal/contracts/constants';
import { useSyncExternalStore } from 'react';

/** The values the spec keeps in browser storage, behind one small module so that nothing else touches them. */
const KEYS = BROWSER_STORAGE;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app still works for this page view.
  }
}

export interface SessionState {
  signedIn: boolean;
  token: string | null;
  usertype: number | null;
}

const listeners = new Set<() => void>();
let leaving = false;

/** What the server renders: it cannot see the browser's storage. */
const SIGNED_OUT: SessionState = { signedIn: false, token: null, usertype: null };
export const signedOutSession = () => SIGNED_OUT;

/**
 * The last snapshot handed out. A signed-out browser gets the server's own object, so that
 * its page keeps, after hydration, the very snapshot it was hydrated with: a new one, even
 * with the same values, makes React render every component that reads the session once
 * more, at once, in the same task as the hydration.
 */
let current: SessionState = SIGNED_OUT;

/**
 * Reads storage afresh but hands back the previous object while nothing changed, because
 * useSyncExternalStore re-renders whenever the snapshot's identity changes.
 */
function readSession(): SessionState {
  const token = read(KEYS.token);
  const usertype = Number(read(KEYS.usertype)) || null;
  const signedIn = read(KEYS.isLoggedIn) === 'true' && !!token;
  if (current.signedIn !== signedIn || current.token !== token || current.usertype !== usertype) {
    current = signedIn || token !== null || usertype !== null ? { signedIn, token, usertype } : SIGNED_OUT;
  }
  return current;
}

function notify() {
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes what this one may show.
function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === KEYS.token || event.key === KEYS.isLoggedIn || event.key === KEYS.usertype) {
    notify();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The session as React state: the header and the guards follow sign-in and sign-out
 * without a reload. A page the server rendered is first hydrated as signed out, as it was
 * rendered, and then shows the session.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, readSession, signedOutSession);
}

export const browserSession = {
  get: readSession,

  signIn(token: string, usertype: number) {
    write(KEYS.token, token);
    write(KEYS.usertype, String(usertype));
    write(KEYS.isLoggedIn, 'true');
    write(KEYS.backUrl, null);
    write(KEYS.expired, null);
    notify();
  },

  signOut() {
    write(KEYS.isLoggedIn, 'false');
    write(KEYS.token, null);
    write(KEYS.usertype, null);
    notify();
  },

  /**
   * Signs out on the way to another page (logout). Navigation runs as a transition, so the
   * guarded page may render once more signed out; it must not send the user to a login screen.
   */
  signOutAndLeave() {
    leaving = true;
    // Logging out is no expiry, even when the server had already dropped the session.
    write(KEYS.expired, null);
    browserSession.signOut();
  },
  isLeaving: () => leaving,

  /**
   * The server no longer knows the token (it expired, or a password change ended it):
   * forget it and remember to say why. A guarded page then sends the user to its login,
   * with the way back saved.
   */
  expire() {
    if (!readSession().signedIn) return;
    write(KEYS.expired, '1');
    browserSession.signOut();
  },
  wasExpired: () => read(KEYS.expired) === '1',
  forgetExpired: () => write(KEYS.expired, null),

  isSchool: () => browserSession.get().signedIn && browserSession.get().usertype === USER_TYPE.school,
  isSponsor: () => browserSession.get().signedIn && browserSession.get().usertype === USER_TYPE.sponsor,

  /** Where a guarded page sends the user back to after signing in. */
  backUrl: () => read(KEYS.backUrl),
  setBackUrl: (url: string) => write(KEYS.backUrl, url),
  clearBackUrl: () => write(KEYS.backUrl, null),

  /** Anonymous visitors get a cart id: a random number 1 to 100 followed by the epoch seconds (spec §9). */
  cartId(): string {
    let id = read(KEYS.cartId);
    if (!id) {
      id = `${1 + Math.floor(Math.random() * 100)}${Math.floor(Date.now() / 1000)}`;
      write(KEYS.cartId, id);
    }
    return id;
  },
  /** Whether this browser has had a cart id, which every product view records itself under. */
  hasCartId: () => read(KEYS.cartId) !== null,
};
