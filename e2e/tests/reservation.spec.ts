import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { callApi, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { costsOf, startOrder, usd } from '../support/orders.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const total = (page: Page) => page.getByTestId('order-total');
/** The form's last-saved line (beside the prices on wide screens, under the buttons on phones). */
const saved = (page: Page) => page.getByText(/All changes saved at/).filter({ visible: true });

async function openNewOrder(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await seedSession(page, school.token, SCHOOL);
  await page.goto(`/order-now/${orderKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'School Supply Reservation Form' })).toBeVisible();
  return { ...school, orderKey };
}

async function pickSchoolYear(page: Page) {
  // The placeholder, this year, next year: next year.
  await page.getByRole('combobox', { name: 'School year' }).selectOption({ index: 2 });
}

async function choose(scope: Locator, name: string) {
  await scope.getByRole('radio', { name, exact: true }).check();
}

test.describe('the reservation form', () => {
  test('a school fills in every section, accepts both terms and reserves, priced by the server to the cent', async ({
    page,
  }) => {
    // A long journey with three accessibility scans.
    test.setTimeout(180_000);
    const { token, orderKey } = await openNewOrder(page);
    const c = await costsOf(page, token, orderKey);
    await expectNoSeriousA11yViolations(page);

    await pickSchoolYear(page);
    await page.getByLabel('Primary planners').fill('100');
    await page.getByLabel('6 x 9 planners').fill('20');
    await expect(total(page)).toHaveText(usd(120 * c.plannerPrice!));

    const custom = section(page, 'Custom pages');
    await choose(custom, 'Yes');
    await custom.getByLabel('Number of custom pages (printed sides)').fill('2');
    await choose(section(page, 'Vinyl pockets'), 'No');
    const cover = section(page, 'Cover');
    await choose(cover, 'School name added to the standard cover');
    await cover.getByLabel('School name as it should appear on the cover').fill('Palm Grove Elementary');
    await choose(section(page, 'Delivery'), 'Delivery to the school');
    await section(page, 'Special request').getByLabel('I have a special request').check();
    await page.getByLabel('Tell us about your request').fill('Please add our mascot to the back cover.');

    // Choosing magnets opens the free-products terms until they are accepted.
    const magnets = section(page, 'Car magnets');
    await choose(magnets, 'Yes');
    const terms = page.getByRole('dialog', { name: 'Terms & Conditions for Free products' });
    await expect(terms).toBeVisible();
    await expect(terms.locator('video')).toBeVisible();
    const agree = terms.getByRole('button', { name: 'Agree' });
    await expect(agree).toBeDisabled();
    await expect(terms.getByText('Please tick to confirm')).toHaveCount(2);
    await terms.getByRole('checkbox').first().check();
    await expect(agree).toBeDisabled();
    await terms.getByRole('checkbox').last().check();
    await expectNoSeriousA11yViolations(page);
    await agree.click();
    await expect(terms).toBeHidden();
    await expect(page.getByText('Free products terms accepted')).toBeVisible();
    await choose(magnets, '500 magnets');

    const tax = section(page, 'Tax');
    await choose(tax, 'No');
    await expect(tax.getByText('Sales tax will be added to your order later by our team.')).toBeVisible();

    const free = section(page, 'Free products');
    await free.getByLabel('Car rider dismissal tags').fill('100');
    await choose(free, 'Happy Car');
    await choose(free, 'Blue');
    await free.getByLabel('Homework folders').fill('250');
    await free.getByLabel('Bus rider tags').fill('50');
    // Accepted once: the free items no longer open the terms.
    await expect(terms).toBeHidden();

    const payment = section(page, 'Payment');
    await choose(payment, 'Just placing reservation');
    await payment.getByLabel('Purchase order number (optional)').fill('PO-2291');
    await payment.getByRole('button', { name: 'terms and conditions' }).click();
    const general = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(general.getByRole('heading', { name: '1. Terms' })).toBeVisible();
    await general.getByRole('button', { name: 'I agree' }).click();
    await expect(payment.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();

    const P = 120;
    const expected =
      P * c.plannerPrice! +
      P * 2 * c.custPagePrice! +
      P * c.coverPrice_2! +
      P * c.deliveryPrice_2! +
      c.carMagnetPrice_500!;
    await expect(total(page)).toHaveText(usd(expected));
    await expect(saved(page)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Price summary' }).filter({ visible: true });
    await expect(summary.getByRole('row', { name: /Bus rider tags/ })).toContainText('Free');

    await page.getByRole('button', { name: 'Complete Reservation' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmed/${orderKey}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reservation Confirmed' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Order status/ })).toContainText('Reserved');
    await expect(page.getByRole('link', { name: 'Manage Order' })).toHaveAttribute('href', `/school/order/${orderKey}`);
    await expectNoSeriousA11yViolations(page);

    // Back on the form, everything is as it was saved, and the button now saves updates.
    await page.goto(`/order-now/${orderKey}`);
    await expect(page.getByLabel('Primary planners')).toHaveValue('100');
    await expect(section(page, 'Cover').getByLabel('School name as it should appear on the cover')).toHaveValue(
      'Palm Grove Elementary',
    );
    await expect(page.getByRole('button', { name: 'Save Updates' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save for later' })).toBeHidden();
    await expect(total(page)).toHaveText(usd(expected));
  });

  test('an incomplete form says what is missing and brings the first field into view', async ({ page }) => {
    await openNewOrder(page);
    await page.getByLabel('Primary planners').fill('40');
    await page.getByRole('button', { name: 'Complete Reservation' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill all required fields' })).toBeVisible();
    await expect(page.getByText('Please select school year')).toBeInViewport();
    await expect(section(page, 'Custom pages').getByText('This is required field')).toBeVisible();
    await expect(section(page, 'Payment').getByText('Please choose a payment option')).toBeVisible();
    await expect(page).toHaveURL(/\/order-now\//);
  });

  test('counts refuse minus and e, read pasted thousands, and free items keep their multiples', async ({ page }) => {
    await openNewOrder(page);
    const primary = page.getByLabel('Primary planners');
    await primary.pressSequentially('-1e2');
    await expect(primary).toHaveValue('12');
    const free = section(page, 'Free products');
    // The terms open on the first free item; closing them leaves the field to the school.
    await free.getByLabel('Homework folders').focus();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await free.getByLabel('Homework folders').fill('1,000');
    await free.getByLabel('Car rider tags').fill('75');
    await free.getByLabel('Car rider tags').blur();
    await expect(free.getByText('Please enter number in multiples of 50')).toBeVisible();
    await expect(free.getByText('Please enter number in multiples of 250')).toBeHidden();
    await expect(
      page.getByText('Not saved: please correct the highlighted fields.').filter({ visible: true }),
    ).toBeVisible();
    await free.getByLabel('Car rider tags').fill('150');
    await expect(saved(page)).toBeVisible();
  });

  test('Finalize with "just placing reservation" only asks to change the payment option', async ({ page }) => {
    await openNewOrder(page);
    const finals: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/updatetemporder') && r.postDataJSON()?.draft === 0) finals.push(r.url());
    });
    await choose(section(page, 'Payment'), 'Just placing reservation');
    await page.getByRole('button', { name: 'Finalize Order' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Change the payment option first to finalize the order.' }),
    ).toBeVisible();
    expect(finals).toEqual([]);
  });

  test('a slow answer to an earlier change never replaces the newer price', async ({ page }) => {
    const { token, orderKey } = await openNewOrder(page);
    const c = await costsOf(page, token, orderKey);
    let first = true;
    await page.route('**/api/updatetemporder', async (route) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    const primary = page.getByLabel('Primary planners');
    await primary.fill('10');
    await page.waitForRequest('**/api/updatetemporder');
    await primary.fill('30');
    await expect(total(page)).toHaveText(usd(30 * c.plannerPrice!));
    await expect(saved(page)).toBeVisible();
    await page.reload();
    await expect(primary).toHaveValue('30');
    await expect(total(page)).toHaveText(usd(30 * c.plannerPrice!));
  });

  test('answers typed after the session expired come back after signing in again, and are saved', async ({ page }) => {
    test.slow();
    const { token, email, password, orderKey } = await openNewOrder(page);
    await page.getByLabel('Primary planners').fill('40');
    await expect(saved(page)).toBeVisible();
    // The session ends on the server (expired, or signed out elsewhere) while the form is open.
    await callApi(page, 'logout', {}, token);
    await page.getByLabel('Standard planners').fill('60');
    await expect(page).toHaveURL(/\/school\/login$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-now/${orderKey}$`));
    await expect(page.getByLabel('Standard planners')).toHaveValue('60');
    await expect(saved(page)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Primary planners')).toHaveValue('40');
    await expect(page.getByLabel('Standard planners')).toHaveValue('60');
  });

  test('on a phone the total stays in a bar at the foot of the screen @phone-only', async ({ page }) => {
    const { token, orderKey } = await openNewOrder(page);
    const c = await costsOf(page, token, orderKey);
    await page.getByLabel('Primary planners').fill('1000');
    const bar = page.getByTestId('order-total-phone');
    await expect(bar).toHaveText(usd(1000 * c.plannerPrice!));
    await expect(bar).toBeInViewport();
    await page.getByRole('button', { name: 'Price details' }).click();
    await expect(page.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    // Each row's amount reads as the total does, thousands grouped.
    const summary = page.getByRole('region', { name: 'Price summary' }).filter({ visible: true });
    await expect(summary.getByRole('row', { name: /Planners/ })).toContainText(usd(1000 * c.plannerPrice!));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Hide details' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
