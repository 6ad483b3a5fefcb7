import { expect, type Page } from '@playwright/test';

/** The demo accounts the e2e server seeds (D17). Tests only read them, never change them. */
export const DEMO = {
  school: 'school@example.com',
  sponsor: 'sponsor@example.com',
  password: 'password123',
  salesRep: 'Rita Delgado',
  admin: 'admin@example.com',
  rep: 'rep@example.com',
} as const;

/**
 * The password of the accounts tests register: the demo's password123 still signs in, but is
 * too common to be chosen (decision 027).
 */
export const CHOSEN_PASSWORD = 'Heron-Lantern-2048';

export const SCHOOL = 4;
export const SPONSOR = 5;

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(tag: string) {
  return `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.org`;
}

async function xsrfToken(page: Page): Promise<string> {
  const find = async () => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  // The app's HTML hands out the anti-forgery cookie (D5); the context keeps it for the browser too.
  if (!(await find())) await page.request.get('/');
  const token = await find();
  if (!token) throw new Error('The server did not set XSRF-TOKEN');
  return token;
}

/** Posts to the API as the web app does, sharing the page's cookies; answers the response, whatever it is. */
export async function postApi(page: Page, operation: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'x-xsrf-token': await xsrfToken(page) };
  if (token) headers.authorization = `Bearer ${token}`;
  return page.request.post(`/api/${operation}`, { data: body, headers });
}

/** Calls the API as the web app does, sharing the page's cookies. Fails the test on an error answer. */
export async function callApi<T = { status: string; message: string }>(
  page: Page,
  operation: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await postApi(page, operation, body, token);
  const data = await response.json();
  expect(response.ok(), `${operation}: ${data.message}`).toBe(true);
  return data as T;
}

export function schoolDetails(email: string) {
  return {
    school_name: 'Palm Grove Elementary',
    address: '100 Palm Grove Ave',
    city: 'Tampa',
    state: 'Florida',
    county: 'Hillsborough',
    zip: '33602',
    dist_calendar: 1,
    phone: '8135550100',
    website: 'www.palmgrove.example.org',
    avg_enrollment: 420,
    hod_name: 'Pat Principal',
    hod_email: 'principal@palmgrove.example.org',
    primary_name: 'Jo Office',
    primary_position: 'Office Manager',
    primary_email: email,
    primary_phone: '8135550101',
    status: 1,
  };
}

/**
 * A new school account, registered through the API (registration does not count against
 * the sign-in rate limit), optionally with its details (or some of them, changed) already filled in.
 */
export async function registerSchool(
  page: Page,
  options: { withDetails?: boolean; details?: Partial<ReturnType<typeof schoolDetails>> } = {},
) {
  const email = uniqueEmail('school');
  const { token } = await callApi<{ token: string }>(page, 'loginnewreg', {
    email,
    password: CHOSEN_PASSWORD,
    usertype: SCHOOL,
  });
  if (options.withDetails || options.details) {
    await callApi(page, 'schoolaccount', { ...schoolDetails(email), ...options.details }, token);
  }
  return { email, password: CHOSEN_PASSWORD, token };
}

export async function apiLogin(page: Page, username: string, password: string, usertype: number) {
  const { token } = await callApi<{ token: string }>(page, 'login', { username, password, usertype });
  return token;
}

/** Signs a staff member in through the employee login's call; answers the token and the user type. */
export async function staffLogin(page: Page, username: string, password: string = DEMO.password) {
  return callApi<{ token: string; usertype: number }>(page, 'admin/login', { username, password });
}

/**
 * Opens the back office at `path` signed in as a staff member, whose session is made
 * through the API: the employee login screen is the journey of a test of its own
 * (admin.spec.ts), not the way into every other one.
 */
export async function openBackOffice(page: Page, path = '/admin', email: string = DEMO.admin) {
  const { token, usertype } = await staffLogin(page, email);
  await seedSession(page, token, usertype);
  await page.goto(path);
  return token;
}

/**
 * Puts a real session into browser storage before the first page loads, once: a later
 * reload (after logout) must not bring it back.
 */
export async function seedSession(page: Page, token: string, usertype: number) {
  await page.addInitScript(
    ([tok, type]) => {
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem('isLoggedIn', 'true');
      window.localStorage.setItem('token', String(tok));
      window.localStorage.setItem('usertype', String(type));
    },
    [token, usertype] as const,
  );
}

/** The newest link to `/<page>/…` e-mailed to `email`, read from the development mailbox (D14). */
export async function linkMailedTo(page: Page, email: string, linkPage: string, what: string): Promise<string> {
  const pattern = new RegExp(`/${linkPage}/[\\w-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/dev/mailbox');
        const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
        const message = messages.find((m) => m.to === email && pattern.test(m.text));
        link = message?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { message: `${what} e-mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** The newest password link e-mailed to `email`. */
export const passwordLinkFor = (page: Page, email: string) =>
  linkMailedTo(page, email, 'set-password', 'a password link');
