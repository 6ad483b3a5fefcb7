import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSession, signedOutSession } from './browser-session.ts';

/** A browser's storage, for the window this module reads. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session snapshot', () => {
  it('is, for a signed-out browser, the very object the server rendered with', () => {
    // Any other object, even with the same values, re-renders every reader right after hydration.
    expect(browserSession.get()).toBe(signedOutSession());
    stubStorage();
    expect(browserSession.get()).toBe(signedOutSession());
  });

  it('stays the same object while nothing changes, and follows sign-in and sign-out', () => {
    stubStorage();
    browserSession.signIn('token-1', 1);
    const signedIn = browserSession.get();
    expect(signedIn).toEqual({ signedIn: true, token: 'token-1', usertype: 1 });
    expect(browserSession.get()).toBe(signedIn);

    browserSession.signOut();
    expect(browserSession.get()).toBe(signedOutSession());
  });
});
