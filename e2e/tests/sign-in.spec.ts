import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, SPONSOR, seedSession } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('log in', () => {
  test('school login: fields, links and its title from content page 7 @phone', async ({ page }) => {
    await page.goto('/school/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in as School' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'Register your school' })).toHaveAttribute('href', '/school/register');
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await expect(page).toHaveTitle(/School/);

    const submit = page.getByRole('button', { name: 'Log in' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await page.getByLabel('Email').fill('');
    await expect(page.getByText('Valid email address is required')).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.school);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('');
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('sponsor login offers the contact form to businesses without an account @phone', async ({ page }) => {
    await page.goto('/sponsor/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in as Sponsor' })).toBeVisible();
    await expect(page.getByText('Interested in becoming a sponsor?')).toBeVisible();
    await page.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsor\/register$/);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await expectNoSeriousA11yViolations(page);
  });

  test('a wrong password shows the server message in an error toast', async ({ page }) => {
    const school = await registerSchool(page);
    await page.goto('/school/login');
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/school\/login$/);
  });

  test('a school at the sponsor login is told which login to use', async ({ page }) => {
    const school = await registerSchool(page);
    await page.goto('/sponsor/login');
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(school.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please use the school login.' })).toBeVisible();
  });

  test('a signed-out school is brought back to the page it asked for @phone', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await page.goto('/school/profile');
    await expect(page).toHaveURL(/\/school\/login$/);

    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(school.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/school\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBeNull();
    // The header follows the sign-in without a reload.
    // (On phones the header's links sit in the closed menu, hence includeHidden.)
    await expect(
      page.getByTestId('site-header').getByRole('link', { name: 'Dashboard', includeHidden: true }),
    ).toBeAttached();
  });

  test('the demo sponsor signs in, reaches the dashboard and sees its sales representative', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    await page.goto('/sponsor/login');
    await page.getByLabel('Email').fill(DEMO.sponsor);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/sponsor\/dashboard$/);
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Products School sponsorship opportunities', '/products'],
      ['Sponsorships Manage existing sponsorships', '/sponsor/sponsorships'],
      ['Profile Manage your profile details', '/sponsor/profile'],
      ['Contact Us', '/contact'],
    ]) {
      await expect(main.getByRole('link', { name })).toHaveAttribute('href', href as string);
    }
    await expectNoSeriousA11yViolations(page);

    await main.getByRole('link', { name: /^Profile/ }).click();
    await expect(page).toHaveURL(/\/sponsor\/profile$/);
    await expect(page.getByRole('textbox', { name: 'Sales representative' })).toHaveValue(DEMO.salesRep);
  });
});

test.describe('logout', () => {
  test('from the sidebar: ends the session, goes home and the header drops Dashboard', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    await page.goto('/school/login');
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(school.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/school\/dashboard$/);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));

    await page
      .getByRole('main')
      .getByRole('link', { name: /^Profile/ })
      .click();
    const sidebar = page.getByRole('navigation', { name: 'Account' });
    for (const name of ['Products', 'Orders', 'Profile', 'Contact Us']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    // Logout reloads the page once it is home, so that nothing of the session stays in memory.
    const reloaded = page.waitForEvent('load');
    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await reloaded;

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('isLoggedIn'))).toBe('false');

    // The server revoked the token too (D4).
    const answer = await page.request.get('/api/schooldetails', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(401);

    await page.goto('/school/dashboard');
    await expect(page).toHaveURL(/\/school\/login$/);
  });

  test('from the dashboard', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/dashboard');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Logout' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });
});

test.describe('guards', () => {
  test('a school opening a sponsor page goes to the sponsor login', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    for (const path of ['/sponsor/dashboard', '/sponsor/profile', '/sponsor/details']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sponsor\/login$/);
    }
  });

  test('a sponsor opening a school page goes to the school login', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    for (const path of ['/school/dashboard', '/school/profile', '/school/details']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/school\/login$/);
    }
  });

  test('an expired session on a school page leads to the login, which brings the user back', async ({ page }) => {
    await seedSession(page, 'no-longer-valid', SCHOOL);
    await page.goto('/school/dashboard');
    await expect(page).toHaveURL(/\/school\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBe('/school/dashboard');
  });
});
