import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { readOrder, startOrder } from '../support/orders.ts';
import { expect, type Locator, type Page, test, waitForApp } from '../support/test.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const saved = (page: Page) => page.getByText(/All changes saved at/).filter({ visible: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'School Supply Reservation Form' });
const notice = (page: Page) => page.getByText('This order was changed in another window; its answers are shown here.');

async function choose(scope: Locator, name: string) {
  await scope.getByRole('radio', { name, exact: true }).check();
}

/** A school signed in, with a new Pending order, in a browser whose every tab is signed in. */
async function schoolWithOrder(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await seedSession(page, school.token, SCHOOL);
  return { ...school, orderKey };
}

test.describe('the reservation form in two windows, and on leaving', () => {
  test('two tabs on one order keep each other’s answers, and the older tab says what it brought in', async ({
    page,
    context,
  }) => {
    const { orderKey } = await schoolWithOrder(page);
    await page.goto(`/order-now/${orderKey}`);
    await expect(heading(page)).toBeVisible();
    const tabB = await context.newPage();
    await tabB.goto(`/order-now/${orderKey}`);
    await waitForApp(tabB);
    await expect(heading(tabB)).toBeVisible();
    await expect(tabB.getByLabel('Standard planners')).toHaveValue('');

    // Tab A: 120 standard planners for next school year, saved.
    const year = page.getByRole('combobox', { name: 'School year' });
    await year.selectOption({ index: 2 });
    const nextYear = await year.inputValue();
    await page.getByLabel('Standard planners').fill('120');
    await expect(saved(page)).toBeVisible();

    // Tab B, still showing the empty form, picks a cover.
    await choose(section(tabB, 'Cover'), 'Standard cover');
    await expect(saved(tabB)).toBeVisible();
    await expect(notice(tabB)).toBeVisible();
    await expect(tabB.getByLabel('Standard planners')).toHaveValue('120');
    await expect(tabB.getByRole('combobox', { name: 'School year' })).toHaveValue(nextYear);
    await expect(section(tabB, 'Cover').getByRole('radio', { name: 'Standard cover', exact: true })).toBeChecked();

    await page.reload();
    await expect(page.getByLabel('Standard planners')).toHaveValue('120');
    await expect(page.getByRole('combobox', { name: 'School year' })).toHaveValue(nextYear);
    await expect(section(page, 'Cover').getByRole('radio', { name: 'Standard cover', exact: true })).toBeChecked();
    await tabB.close();
  });

  test('a tab coming back into view shows what another tab saved meanwhile', async ({ page, context }) => {
    const { orderKey, token } = await schoolWithOrder(page);
    await page.goto(`/order-now/${orderKey}`);
    await expect(heading(page)).toBeVisible();
    const tabB = await context.newPage();
    await tabB.goto(`/order-now/${orderKey}`);
    await waitForApp(tabB);
    await tabB.getByLabel('6 x 9 planners').fill('30');
    await expect(saved(tabB)).toBeVisible();
    expect((await readOrder(page, token, orderKey)).order.custom_fields.no69_planners).toBe(30);

    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByLabel('6 x 9 planners')).toHaveValue('30');
    await expect(notice(page)).toBeVisible();
    await tabB.close();
  });

  test('answers given just before Back are saved, whether Back stays in the app or leaves the page', async ({
    page,
  }) => {
    const { orderKey } = await schoolWithOrder(page);
    page.on('dialog', (dialog) => void dialog.accept());

    // In the app: the order's page, then its Edit button, then Back.
    await page.goto(`/school/order/${orderKey}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(heading(page)).toBeVisible();
    await choose(section(page, 'Delivery'), 'Delivery to the school');
    await choose(section(page, 'Cover'), 'School name added to the standard cover');
    await page.getByLabel('School name as it should appear on the cover').fill('Palm Grove Elementary');
    await page.waitForTimeout(150);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/school/order/${orderKey}$`));

    await page.goto(`/order-now/${orderKey}`);
    await expect(section(page, 'Delivery').getByRole('radio', { name: 'Delivery to the school' })).toBeChecked();
    await expect(page.getByLabel('School name as it should appear on the cover')).toHaveValue('Palm Grove Elementary');

    // Leaving the page: Back to a document of its own.
    await choose(section(page, 'Delivery'), 'Pickup at our Tampa warehouse');
    await page.getByLabel('School name as it should appear on the cover').fill('Palm Grove Academy');
    await page.waitForTimeout(150);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/school/order/${orderKey}$`));

    await page.goto(`/order-now/${orderKey}`);
    await expect(section(page, 'Delivery').getByRole('radio', { name: 'Pickup at our Tampa warehouse' })).toBeChecked();
    await expect(page.getByLabel('School name as it should appear on the cover')).toHaveValue('Palm Grove Academy');
  });

  test('reloading with a save still waiting asks first, and only then', async ({ page }) => {
    const { orderKey } = await schoolWithOrder(page);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.goto(`/order-now/${orderKey}`);
    await expect(heading(page)).toBeVisible();

    await page.getByLabel('Primary planners').fill('40');
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(page.getByLabel('Primary planners')).toHaveValue('40');

    // Everything saved: nothing to ask.
    await page.getByLabel('Primary planners').fill('50');
    await expect(saved(page)).toBeVisible();
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(page.getByLabel('Primary planners')).toHaveValue('50');

    // Closing the tab with a change waiting asks too.
    await page.getByLabel('Primary planners').fill('60');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
  });

  test('a refused Finalize’s error goes with its screen', async ({ page }) => {
    const { orderKey } = await schoolWithOrder(page);
    await page.goto(`/school/order/${orderKey}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(heading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Finalize Order' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Please fill all required fields' });
    await expect(refusal).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/school/order/${orderKey}$`));
    // Well before it would close by itself.
    await expect(refusal).toHaveCount(0, { timeout: 2_000 });
  });

  test('a tax-exempt school is not told that tax will be added', async ({ page }) => {
    const { orderKey } = await schoolWithOrder(page);
    await page.goto(`/order-now/${orderKey}`);
    await page.getByLabel('Primary planners').fill('10');
    await choose(section(page, 'Tax'), 'Yes');
    await expect(saved(page)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Price summary' });
    await expect(summary.getByText('Your school is tax exempt: no sales tax is added.')).toBeVisible();
    await expect(page.getByText(/added .*by our team/)).toHaveCount(0);
  });
});
