import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { costsOf, plainPlannerOrder, saveOrderForm, startOrder, usd } from '../support/orders.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A demo planner no other test prices: its cost sheet is this file's to change. */
const PRODUCT = { slug: 'elementary-planner-mosaic', name: 'Elementary Planner — Mosaic' };

async function signInAsStaff(page: Page, email: string) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens the product's sheet from the list, searched for once the search is in the address (the list is then the search's). */
async function openSheet(page: Page) {
  if (!new URL(page.url()).pathname.startsWith('/admin/cost-sheets')) {
    await page.getByRole('link', { name: 'Cost sheets' }).first().click();
  }
  await page.getByLabel('Search').fill('Mosaic');
  await expect(page).toHaveURL(/[?&]q=Mosaic/);
  // The first page of every product is gone: the list is the search's.
  await expect(page.getByRole('link', { name: 'Elementary Planner — Bright Stripes' })).toHaveCount(0);
  await page.getByRole('link', { name: PRODUCT.name }).click();
  await expect(page.getByRole('heading', { name: PRODUCT.name })).toBeVisible();
}

/** A school of its own with two orders of the product, made through the API: a Pending draft and a reservation. */
async function schoolWithTwoOrders(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const draftKey = await startOrder(page, school.token, PRODUCT.slug);
  await saveOrderForm(page, school.token, draftKey, { ...plainPlannerOrder(40, '3'), draft: 1, status: 'Pending' });
  const reservedKey = await startOrder(page, school.token, PRODUCT.slug);
  await saveOrderForm(page, school.token, reservedKey, { ...plainPlannerOrder(60, '3'), draft: 0, status: 'Reserved' });
  const { plannerPrice } = await costsOf(page, school.token, reservedKey);
  return { ...school, draftKey, reservedKey, oldCents: plannerPrice ?? 0 };
}

test('an administrator changes the planner price: the Pending draft shows the new one, the reservation keeps its own', async ({
  page,
  browser,
}) => {
  // Two orders, two staff screens, axe and the school's two forms: more than the usual half minute.
  test.setTimeout(90_000);
  const school = await schoolWithTwoOrders(page);
  const newCents = school.oldCents + 125;
  await signInAsStaff(page, DEMO.admin);
  await openSheet(page);
  const planner = page.getByRole('textbox', { name: 'Planner' });
  await expect(planner).toHaveValue(usd(school.oldCents).slice(1));

  // As pasted from a spreadsheet, with the dollar sign.
  await planner.fill(usd(newCents));
  await page.getByRole('button', { name: 'Save prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save these prices?' });
  await expect(dialog.getByRole('row', { name: `Planner ${usd(school.oldCents)} ${usd(newCents)}` })).toBeVisible();
  await expect(dialog).toContainText('1 order still Pending');
  await dialog.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Cost sheet saved.')).toBeVisible();
  await expect(planner).toHaveValue(usd(newCents).slice(1));
  await expect(page.getByText(`Planner: ${usd(school.oldCents)} → ${usd(newCents)}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A bad price is refused under its field, and nothing is sent.
  await planner.fill('-3');
  await planner.blur();
  await expect(page.getByText('A price cannot be negative')).toBeVisible();

  const context = await browser.newContext();
  const schoolPage = await context.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/order-now/${school.draftKey}`);
  // The form's first load brings its whole screen, which a busy run takes a while to serve.
  await expect(schoolPage.getByText(`Each planner is ${usd(newCents)}.`)).toBeVisible({ timeout: 20_000 });
  await schoolPage.goto(`/order-now/${school.reservedKey}`);
  await expect(schoolPage.getByText(`Each planner is ${usd(school.oldCents)}.`)).toBeVisible();
  await context.close();
});

test('a sales rep reads a cost sheet and cannot change it', async ({ page }) => {
  await signInAsStaff(page, DEMO.rep);
  await openSheet(page);
  await expect(page.getByRole('textbox', { name: 'Planner' })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Only an administrator can change these prices.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save prices' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the cost sheets list and a sheet fit a 375 px phone @phone-only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsStaff(page, DEMO.admin);
  await page.goto('/admin/cost-sheets');
  await expect(page.getByRole('heading', { name: 'Cost sheets' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Planner/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('cost-sheets-375.png'), fullPage: true, scale: 'css' });
  await openSheet(page);
  await expect(page.getByRole('textbox', { name: 'Planner' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('cost-sheet-375.png'), fullPage: true, scale: 'css' });
});
