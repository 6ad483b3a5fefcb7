import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Every API read a page sends while it loads, by URL: a read cancelled and sent again
 * counts twice; a retry after the server failed does not.
 */
function recordApiReads(page: Page) {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    const key = `${url.pathname}${url.search}`;
    reads.push(key);
    request.response().then(
      (response) => {
        if (response && response.status() >= 500) reads.splice(reads.indexOf(key), 1);
      },
      // The tab was closed before the answer came: nothing to take back.
      () => {},
    );
  });
  return reads;
}

const repeated = (reads: string[]) => reads.filter((url, i) => reads.indexOf(url) !== i);

test.describe('a signed-in school', () => {
  test('is shown the way to its dashboard on the home page instead of the login buttons', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Go to your dashboard' }).first()).toHaveAttribute(
      'href',
      '/school/dashboard',
    );
    await expect(main.getByRole('link', { name: 'School Login' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Log in as School' })).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'You are logged in' })).toBeVisible();
  });

  test('opening a login or registration page lands on its dashboard', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    for (const path of ['/school/login', '/school/register', '/sponsor/login', '/sponsor/register']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/school\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }
  });

  test('whose session has ended is told so at the login and brought back after signing in', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    // A token the server no longer knows, as after it expired or a password change elsewhere.
    await seedSession(page, 'a-token-the-server-has-forgotten', SCHOOL);
    await page.goto('/school/profile');
    await expect(page).toHaveURL(/\/school\/login$/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your session has expired. Please sign in again.' }),
    ).toBeVisible();

    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(school.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/school\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    // Said once: the next visit to a login screen says nothing of it.
    await page.goto('/sponsor/login');
    await expect(page.getByText('Your session has expired')).toHaveCount(0);
  });

  test('keeps the products it viewed before signing in under Recently viewed', async ({ page }) => {
    // Three product pages, the login and the home page twice.
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    for (const slug of ['homework-folder-sponsorship', 'primary-planner-classic-blue', 'elementary-planner-compass']) {
      await page.goto(`/product/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recently viewed' });
    await expect(recent.getByRole('listitem')).toHaveCount(3);

    await page.goto('/school/login');
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(school.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/school\/dashboard$/);
    await page.goto('/');
    await expect(recent.getByRole('listitem')).toHaveCount(3);
  });

  test('filling in its details asks nothing about its own read-only e-mail', async ({ page }) => {
    const school = await registerSchool(page);
    await seedSession(page, school.token, SCHOOL);
    const checks: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/checkemail/.test(r.url())) checks.push(r.url());
    });
    const failures: number[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(r.status());
    });
    await page.goto('/school/details');
    await expect(page.getByRole('heading', { level: 1, name: 'Fill School Details' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: /Primary contact/ }).getByRole('textbox', { name: 'Email' }),
    ).toHaveValue(school.email);
    await page.waitForTimeout(1000);
    expect(checks).toEqual([]);
    expect(failures).toEqual([]);
  });
});

test.describe('each page', () => {
  test('sends each API read once', async ({ context }) => {
    // Seven pages, each loaded in a tab of its own until the network is quiet.
    test.slow();
    const paths = ['/', '/products', '/category/student-planners', '/product/primary-planner-classic-blue'];
    for (const path of [...paths, '/about', '/contact', '/school/login']) {
      // A tab of its own, so that no read of the page before is counted with this one's.
      const tab = await context.newPage();
      const reads = recordApiReads(tab);
      await tab.goto(path);
      await expect(tab.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await tab.waitForLoadState('networkidle');
      expect(repeated(reads), `${path}: ${reads.join(', ')}`).toEqual([]);
      await tab.close();
    }
  });

  test('and a signed-in dashboard sends each API read once too', async ({ page }) => {
    const reads = recordApiReads(page);
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(repeated(reads), reads.join(', ')).toEqual([]);
  });

  test('typed with capitals goes to the page it means', async ({ page }) => {
    const response = await page.goto('/About');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
