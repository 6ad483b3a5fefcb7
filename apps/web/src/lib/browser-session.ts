import { USER_TYPE } from '@portal/contracts/constants';

/**
 * The values the spec keeps in browser storage (isLoggedIn, token, usertype, cartID,
 * backurl), behind one small module so that nothing else touches localStorage keys.
 */
const KEYS = {
  isLoggedIn: 'isLoggedIn',
  token: 'token',
  usertype: 'usertype',
  cartId: 'cartID',
  backUrl: 'backurl',
} as const;

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

export const browserSession = {
  get(): SessionState {
    const token = read(KEYS.token);
    const usertype = Number(read(KEYS.usertype)) || null;
    return { signedIn: read(KEYS.isLoggedIn) === 'true' && !!token, token, usertype };
  },

  signIn(token: string, usertype: number) {
    write(KEYS.token, token);
    write(KEYS.usertype, String(usertype));
    write(KEYS.isLoggedIn, 'true');
    write(KEYS.backUrl, null);
  },

  signOut() {
    write(KEYS.isLoggedIn, 'false');
    write(KEYS.token, null);
    write(KEYS.usertype, null);
  },

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
};
