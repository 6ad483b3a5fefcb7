import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, SPONSOR, seedSession } from '../support/accounts.ts';
import { expect, type Page, test } from '../support/test.ts';

const carouselControls = (page: Page) => page.getByRole('button', { name: /^(Previous|Next) slide$/ });
const indicators = (page: Page) => page.getByRole('tablist', { name: 'Slides' }).getByRole('tab');
/** One of the product's sections, a disclosure widget, by its title. */
const section = (page: Page, title: string) =>
  page.locator('details').filter({ has: page.locator('summary', { hasText: new RegExp(`^${title}$`) }) });

test.describe('product page', () => {
  test('several pictures: carousel with arrows and indicators, details, specification, overview and quote @phone', async ({
    page,
  }) => {
    await page.goto('/product/primary-planner-classic-blue');
    await expect(page.getByRole('heading', { level: 1, name: 'Primary Planner — Classic Blue' })).toBeVisible();
    await expect(page.getByText('$3.25', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Primary Planner — Classic Blue | School Planner Savings');

    const pictures = page.getByRole('region', { name: 'Product pictures' });
    await expect(pictures.getByRole('img', { name: /^Primary Planner — Classic Blue/ })).toHaveCount(3);
    await expect(indicators(page)).toHaveCount(3);
    await expect(carouselControls(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(indicators(page).nth(1)).toHaveAttribute('aria-selected', 'true');

    const details = section(page, 'Product Details');
    await expect(details).toHaveAttribute('open', '');
    await expect(page.getByText(/built to last the whole school year/)).toBeVisible();
    await details.locator('summary').click();
    await expect(details).not.toHaveAttribute('open');
    await expect(page.getByText(/built to last the whole school year/)).toBeHidden();
    await details.locator('summary').click();
    await expect(page.getByText(/built to last the whole school year/)).toBeVisible();
    await expect(section(page, 'Product Specification')).toHaveAttribute('open', '');
    await expect(page.getByRole('cell', { name: 'K–2' })).toBeVisible();

    const overview = page.getByRole('link', { name: /Download Product Overview/ });
    await expect(overview).toHaveAttribute('href', /\.pdf$/);
    await expect(overview).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Contact Us for a Quote' })).toHaveAttribute('href', '/contact');

    const similar = page.getByRole('list', { name: 'Similar products' });
    await expect(similar.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('one picture and no specification: no arrows, no indicators, no specification section', async ({ page }) => {
    await page.goto('/product/homework-folder-sponsorship');
    await expect(page.getByRole('heading', { level: 1, name: 'Homework Folder Sponsorship' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('img', { name: 'Homework Folder Sponsorship' })).toBeVisible();
    await expect(carouselControls(page)).toHaveCount(0);
    await expect(page.getByRole('tablist', { name: 'Slides' })).toHaveCount(0);
    await expect(section(page, 'Product Details')).toBeVisible();
    await expect(section(page, 'Product Specification')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Overview/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a login-required product offers both logins and comes back after signing in', async ({ page }) => {
    await page.goto('/product/district-custom-planner');
    const dialog = page.getByRole('dialog', { name: 'Please log in' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'District Custom Planner' })).toBeVisible();
    await expect(section(page, 'Product Details')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Log in as Sponsor' })).toHaveAttribute('href', '/sponsor/login');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('link', { name: 'Log in as School' }).click();
    await expect(page).toHaveURL(/\/school\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBe('/product/district-custom-planner');

    await page.getByLabel('Email').fill(DEMO.school);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/product\/district-custom-planner$/);
    await expect(section(page, 'Product Details')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeVisible();
  });

  test('signed out, Order Now leads to the school login and back to the product', async ({ page }) => {
    await page.goto('/product/elementary-planner-galaxy');
    await page.getByRole('button', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/school\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBe(
      '/product/elementary-planner-galaxy',
    );
    await page.getByLabel('Email').fill(DEMO.school);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/product\/elementary-planner-galaxy$/);
  });

  test('signed out, Enquire Now leads to the sponsor login', async ({ page }) => {
    await page.goto('/product/teacher-lesson-planner');
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(page).toHaveURL(/\/sponsor\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('backurl'))).toBe('/product/teacher-lesson-planner');
  });

  test('a school orders an order-type product and lands on the reservation form', async ({ page }) => {
    // A school of its own: the order it starts must not change the demo school's orders.
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/product/middle-school-planner-compass');
    await page.getByRole('button', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/order-now\/[\w-]{16,}$/);
  });

  test('the demo sponsor enquires about an enquiry-only product and lands on the enquiry form', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/product/planner-sponsorship-full-page-ad');
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(page).toHaveURL(/\/enquire-now\/[\w-]{16,}$/);
  });

  test('the other kind of account is told who can use the product', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/product/primary-planner-classic-blue');
    await expect(page.getByText('Schools reserve this product')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
    await expect(page.getByRole('note').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown product sends the visitor home', async ({ page }) => {
    await page.goto('/product/no-such-product');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'School Login' })).toBeVisible();
  });
});
