import {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SESSION_REMEMBER_MS,
  STAFF_SESSION_MAX_MS,
  USER_TYPE,
} from '@portal/contracts/constants';
import { describe, expect, it } from 'vitest';
import { firstExpiry, slideExpiry } from './session-expiry.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const signedIn = Date.UTC(2026, 2, 1, 8);

describe('firstExpiry', () => {
  it('is the idle lifetime for schools and sponsors', () => {
    expect(firstExpiry(signedIn, false, USER_TYPE.school)).toBe(signedIn + SESSION_IDLE_MS);
    expect(firstExpiry(signedIn, true, USER_TYPE.sponsor)).toBe(signedIn + SESSION_REMEMBER_MS);
  });

  it('is 12 hours for staff, whatever "remember me" said', () => {
    for (const usertype of [USER_TYPE.admin, USER_TYPE.salesRep]) {
      for (const remember of [false, true]) {
        expect(firstExpiry(signedIn, remember, usertype)).toBe(signedIn + STAFF_SESSION_MAX_MS);
      }
    }
  });
});

describe('slideExpiry', () => {
  const remembered = { lastSeen: signedIn, expiresAt: signedIn + SESSION_REMEMBER_MS, remember: true };
  const endsAt = signedIn + SESSION_MAX_MS;

  it('slides by the idle lifetime once a minute has passed, and says to write it', () => {
    const now = signedIn + 2 * DAY;
    expect(slideExpiry({ ...remembered, now, endsAt }, MINUTE)).toEqual({
      write: true,
      lastSeen: now,
      expiresAt: endsAt,
      trustUntil: now + MINUTE,
    });
    const plain = { lastSeen: signedIn, expiresAt: signedIn + SESSION_IDLE_MS, remember: false };
    const soon = signedIn + 2 * HOUR;
    expect(slideExpiry({ ...plain, now: soon, endsAt }, MINUTE)).toMatchObject({
      write: true,
      expiresAt: soon + SESSION_IDLE_MS,
    });
  });

  it('leaves the expiry alone within the minute', () => {
    const now = signedIn + 30_000;
    expect(slideExpiry({ ...remembered, now, endsAt }, MINUTE)).toEqual({
      write: false,
      lastSeen: signedIn,
      expiresAt: remembered.expiresAt,
      trustUntil: signedIn + MINUTE,
    });
  });

  it('never slides past the end, nor trusts the session past it', () => {
    const now = endsAt - 20_000;
    const times = slideExpiry({ ...remembered, lastSeen: now - 2 * MINUTE, expiresAt: now + DAY, now, endsAt }, MINUTE);
    expect(times).toEqual({ write: true, lastSeen: now, expiresAt: endsAt, trustUntil: endsAt });
  });

  it('keeps a stored expiry past the end (written before the end was kept) to the end', () => {
    const now = endsAt - 20_000;
    const times = slideExpiry(
      { ...remembered, lastSeen: now - 10_000, expiresAt: endsAt + 5 * DAY, now, endsAt },
      MINUTE,
    );
    expect(times).toMatchObject({ write: false, expiresAt: endsAt, trustUntil: endsAt });
  });
});
