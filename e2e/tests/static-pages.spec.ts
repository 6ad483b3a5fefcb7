import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { expect, test } from '../support/test.ts';

test.describe('static pages', () => {
  test('about: text and image, with its title from content page 2 @phone', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByText(/piloted in 2003/)).toBeVisible();
    const image = page.getByRole('img', { name: /students/i });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveTitle('About Us | School Planner Savings');
    await expectNoSeriousA11yViolations(page);
  });

  test('privacy policy: date, every topic, children under 13 and the contact e-mail @phone', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated February 19, 2024')).toBeVisible();
    for (const topic of [
      /Information we collect/,
      /Cookies/,
      /use and share/,
      /How long we keep/,
      /transferred/,
      /deletion/,
      /Children under 13/,
      /Changes to this policy/,
      /Contact us/,
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
    await expect(
      page.getByRole('main').getByRole('link', { name: 'support@schoolplannersavings.com' }),
    ).toHaveAttribute('href', 'mailto:support@schoolplannersavings.com');
    await expect(page).toHaveTitle('Privacy Policy | School Planner Savings');
    await expectNoSeriousA11yViolations(page);
  });

  test('terms of service: nine numbered sections and a link home @phone', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections).toHaveText([
      '1. Terms',
      '2. Use license',
      '3. Disclaimer',
      '4. Limitations',
      '5. Revisions and errata',
      '6. Links',
      '7. Site terms of use modifications',
      '8. Your privacy',
      '9. Governing law',
    ]);
    await page.getByRole('main').getByRole('link', { name: 'School Planner Savings' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('unknown paths show Page not found with a link home @phone', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for might be in another castle.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: /home page/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the first HTML carries the head crawlers read, without running JavaScript', async ({ request }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toContain('<title>Contact Us | School Planner Savings</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/contact">/);
    expect(html).toContain('<meta property="og:image:width" content="600">');
    expect(html).toContain('<meta name="twitter:card"');
  });

  test('guarded screens send a signed-out visitor to the matching sign-in', async ({ page }) => {
    await page.goto('/school/orders');
    await expect(page).toHaveURL(/\/school\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBe('/school/orders');
    await page.goto('/sponsor/sponsorships');
    await expect(page).toHaveURL(/\/sponsor\/login$/);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
