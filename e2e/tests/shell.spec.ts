import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { setBrowserSession } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('public header', () => {
  test('links to Home, About, Contact and the fundraising division, without Dashboard when signed out', async ({
    page,
  }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    const fundraising = nav.getByRole('link', { name: 'School Fundraising' });
    await expect(fundraising).toHaveAttribute('href', /^https:\/\//);
    await expect(fundraising).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the accessibility check finds what it is for, in a document it has checked before', async ({ page }) => {
    await page.goto('/about');
    await expectNoSeriousA11yViolations(page);
    // A button nobody can name and text nobody can read, added to the same document.
    await page.evaluate(() => {
      const main = document.querySelector('main');
      main?.insertAdjacentHTML('afterbegin', '<button type="button"></button>');
      main?.insertAdjacentHTML('afterbegin', '<p style="color:#eee;background:#fff">Faint</p>');
    });
    const failure = await expectNoSeriousA11yViolations(page).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toContain('button-name');
    expect(failure).toContain('color-contrast');
  });

  test('shows Dashboard to a signed-in school, leading to the school dashboard', async ({ page }) => {
    await setBrowserSession(page, 4);
    await page.goto('/about');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('href', '/school/dashboard');
  });

  test('shows Dashboard to a signed-in sponsor, leading to the sponsor dashboard', async ({ page }) => {
    await setBrowserSession(page, 5);
    await page.goto('/about');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('href', '/sponsor/dashboard');
  });

  test('becomes fixed after 50 px, hides scrolling down past 100 px and returns on scrolling up', async ({ page }) => {
    await page.goto('/privacy-policy');
    const header = page.getByTestId('site-header');
    await expect(header).not.toHaveAttribute('data-fixed');

    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveAttribute('data-fixed');

    await page.evaluate(() => window.scrollTo(0, 80));
    await expect(header).toHaveAttribute('data-fixed');
    await expect(header).not.toHaveAttribute('data-hidden');

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-hidden');

    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(header).not.toHaveAttribute('data-hidden');
    await expect(header).toHaveAttribute('data-fixed');
    await expect(header).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-fixed');
  });

  test('opens a menu on phones with the same links @phone-only', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('footer', () => {
  test('has the site links, employee login and the support contacts from the settings', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Employee Login', '/admin/login'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ]) {
      await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string);
    }
    await expect(footer.getByRole('link', { name: 'support@schoolplannersavings.com' })).toHaveAttribute(
      'href',
      'mailto:support@schoolplannersavings.com',
    );
    await expect(footer.getByRole('link', { name: '(813) 555-0142' })).toHaveAttribute('href', 'tel:8135550142');
    await expect(footer.getByText('Tampa, FL')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('employee login leads to the staff sign-in screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Employee Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Employee Login' })).toBeVisible();
  });
});

test.describe('site icon', () => {
  test('is linked from the pages, and there for browsers and pages that ask for /favicon.ico', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/vnd.microsoft.icon');
    // An icon file: the header of an .ico holding the three sizes a tab, a shortcut and a list use.
    const bytes = await icon.body();
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
  });
});
