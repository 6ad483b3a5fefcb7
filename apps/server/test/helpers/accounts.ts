import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@portal/contracts/constants';
import type { TSchoolAccountBody, TSponsorProfileFields } from '@portal/contracts/profiles';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { email_outbox, sessions, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { createSchool, createSponsor, createUser } from '../../src/seed/factories.ts';
import type { TestApp } from './test-app.ts';

/** Fixtures for the accounts tests: users made by the seed's own factories, signed in through the API. */

/**
 * The fixtures' password, hashed straight into the account like the demo's (D17). It is on
 * the list of common passwords, so no form would let it be chosen (decision 027), but an
 * account that has it signs in with it.
 */
export const PASSWORD = 'password123';

/** A password a form accepts, for the accounts tests make through the API (registering, resetting). */
export const CHOSEN_PASSWORD = 'Heron-Lantern-2048';

let counter = 0;
/** An address no other test uses, so tests of one file never see each other's accounts. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A client address of its own. Sign-ins, registrations, e-mail checks and the contact forms
 * count against the IP address (LIMITS in lib/rate-limit.ts), so fixtures spread theirs and
 * leave 127.0.0.1 to the tests that mean to count.
 */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${Math.max(1, b[2] ?? 1)}`;
}

type SchoolOverrides = Omit<Parameters<typeof createSchool>[1], 'email'> & { email?: string };
type SponsorOverrides = Omit<Parameters<typeof createSponsor>[1], 'email'> & { email?: string };

/**
 * argon2id is slow on purpose (about 0.1 s a hash), and most fixtures share one password:
 * it is hashed once and the hash reused, so hundreds of fixture accounts stay cheap.
 */
let sharedHash: Promise<string> | undefined;
async function givePassword(t: TestApp, userId: number, password: string | undefined) {
  if (password === undefined) return;
  sharedHash ??= hashPassword(PASSWORD);
  const hash = password === PASSWORD ? sharedHash : hashPassword(password);
  await t.db
    .update(users)
    .set({ password_hash: await hash })
    .where(eq(users.id, userId));
}

/** `password: undefined` makes an account without a password (an invited sponsor, say). */
const passwordOf = (overrides: { password?: string }) => ('password' in overrides ? overrides.password : PASSWORD);

export async function createSchoolUser(t: TestApp, overrides: SchoolOverrides = {}) {
  const { password: _, ...details } = overrides;
  const { user, school } = await createSchool(t.db, { ...details, email: overrides.email ?? uniqueEmail('school') });
  const password = passwordOf(overrides);
  await givePassword(t, user.id, password);
  return { user, school, email: user.email, password: password ?? '' };
}

export async function createSponsorUser(t: TestApp, overrides: SponsorOverrides = {}) {
  const { password: _, ...details } = overrides;
  const { user, sponsor } = await createSponsor(t.db, { ...details, email: overrides.email ?? uniqueEmail('sponsor') });
  const password = passwordOf(overrides);
  await givePassword(t, user.id, password);
  return { user, sponsor, email: user.email, password: password ?? '' };
}

export async function createStaffUser(
  t: TestApp,
  usertype: typeof USER_TYPE.admin | typeof USER_TYPE.salesRep,
  overrides: { email?: string; first_name?: string; last_name?: string; password?: string } = {},
) {
  const { password: _, ...details } = overrides;
  const email = overrides.email ?? uniqueEmail(usertype === USER_TYPE.admin ? 'admin' : 'rep');
  const user = await createUser(t.db, { ...details, email, usertype });
  const password = passwordOf(overrides);
  await givePassword(t, user.id, password);
  return { user, email: user.email, password: password ?? '' };
}

export interface SignInOptions {
  remember?: boolean;
  remoteAddress?: string;
}

/** Signs in through POST /api/login and returns the bearer token. */
export async function signIn(
  t: TestApp,
  account: { email: string; password: string },
  usertype: number,
  options: SignInOptions = {},
): Promise<string> {
  const res = await t.api.post('/api/login', {
    body: { username: account.email, password: account.password, usertype, remember: options.remember ?? false },
    remoteAddress: options.remoteAddress ?? uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** A school created by the factories and signed in. */
export async function signedInSchool(t: TestApp, overrides: SchoolOverrides = {}) {
  const account = await createSchoolUser(t, overrides);
  return { ...account, token: await signIn(t, account, USER_TYPE.school) };
}

/** A sponsor created by the factories and signed in. */
export async function signedInSponsor(t: TestApp, overrides: SponsorOverrides = {}) {
  const account = await createSponsorUser(t, overrides);
  return { ...account, token: await signIn(t, account, USER_TYPE.sponsor) };
}

/** A staff member created by the factories and signed in through the employee login. */
export async function signedInStaff(
  t: TestApp,
  usertype: typeof USER_TYPE.admin | typeof USER_TYPE.salesRep,
  overrides: { email?: string; first_name?: string; last_name?: string; password?: string } = {},
) {
  const account = await createStaffUser(t, usertype, overrides);
  const res = await t.api.post('/api/admin/login', {
    body: { username: account.email, password: account.password, remember: false },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, token: res.json().token as string };
}

/** The staff the back office's tests work with: an admin, the demo sponsors' rep Rita, and another rep. */
export async function signedInStaffTeam(t: TestApp) {
  return {
    admin: await signedInStaff(t, USER_TYPE.admin),
    rep: await signedInStaff(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' }),
    otherRep: await signedInStaff(t, USER_TYPE.salesRep, { first_name: 'Marcus', last_name: 'Reed' }),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The messages queued for an address (workers are off in tests, so they stay in the outbox). */
export function mailsTo(t: TestApp, address: string) {
  return t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address)).orderBy(asc(email_outbox.id));
}

export function sessionsOf(t: TestApp, userId: number) {
  return t.db.select().from(sessions).where(eq(sessions.user_id, userId)).orderBy(asc(sessions.id));
}

export async function userById(t: TestApp, userId: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return user;
}

/**
 * Waits, if need be, until the fixed rate-limit window has at least `needMs` left, so that a
 * count is not cut in two by a new window. Tests that call it need a timeout above `needMs`.
 */
export async function awayFromWindowEdge(windowMs: number, needMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Every required field of the school details form, filled in. */
export function completeSchoolBody(overrides: Partial<TSchoolAccountBody> = {}): TSchoolAccountBody {
  return {
    school_name: 'Lakeview Middle School',
    address: '200 Lakeview Dr',
    city: 'Tampa',
    state: 'Florida',
    zip: '33602',
    county: 'Hillsborough',
    dist_calendar: '1',
    phone: '(813) 555-0123',
    website: 'https://lakeview.example.org',
    avg_enrollment: '450',
    hod_name: 'Dr. Maria Lopez',
    hod_email: 'principal@lakeview.example.org',
    primary_name: 'Sam Carter',
    primary_position: 'Office Manager',
    primary_email: uniqueEmail('primary'),
    primary_phone: '8135550124',
    primary_phone2: '12',
    secondary_name: '',
    secondary_position: '',
    secondary_email: '',
    secondary_phone: '',
    secondary_phone2: '',
    status: 1,
    ...overrides,
  };
}

/** Every field of the sponsor profile form, filled in. */
export function completeSponsorProfile(overrides: Partial<TSponsorProfileFields> = {}): TSponsorProfileFields {
  return {
    business_name: 'Gulf Coast Hardware',
    phone_number: '727-555-0190',
    website: 'gulfcoasthardware.example.com',
    address: '45 Main St',
    city: 'Miami',
    state: 'Florida',
    zip: '33101',
    county: 'Miami-Dade',
    primary_name: 'Lee Park',
    primary_email: uniqueEmail('sponsor-primary'),
    primary_phone: '7275550191',
    secondary_name: 'Kim Park',
    secondary_email: 'kim@gulfcoasthardware.example.com',
    secondary_phone: '',
    ...overrides,
  };
}

/** What staff fill in for a new sponsor in the back office (POST /api/admin/sponsors), with `overrides`. */
export const newSponsorFields = (overrides: Record<string, unknown> = {}) => ({
  business_name: 'Acme Hardware',
  primary_name: 'Ann Example',
  primary_email: uniqueEmail('acme'),
  primary_phone: '5125550100',
  phone_number: '5125550101',
  website: '',
  secondary_name: '',
  secondary_email: '',
  secondary_phone: '',
  ...overrides,
});
