import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { placeToInvoice, plainPlannerOrder, readOrder, saveOrderForm, startOrder } from '../support/orders.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A new school, signed in in the browser, with `count` orders of the planner: reserved, unless told otherwise. */
async function schoolWithOrders(
  page: Page,
  count: number,
  values: Record<string, unknown> = {},
  { signIn = true } = {},
) {
  const school = await registerSchool(page, { withDetails: true });
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const orderKey = await startOrder(page, school.token);
    await saveOrderForm(page, school.token, orderKey, {
      ...plainPlannerOrder(50 + i, '3'),
      draft: 0,
      status: 'Reserved',
      ...values,
    });
    keys.push(orderKey);
  }
  if (signIn) await seedSession(page, school.token, SCHOOL);
  return { ...school, keys };
}

/** The orders the list shows: as a table on wide screens, as cards on phones. */
const orderLinks = (page: Page) => page.getByRole('link', { name: /^(Order )?#\d+$/ });

test.describe('the school’s orders', () => {
  test('lists the orders newest first, 12 at a time with more on scroll, and filters them by year @phone', async ({
    page,
  }) => {
    test.slow();
    await schoolWithOrders(page, 13);
    await page.goto('/school/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(orderLinks(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The newest first; scrolling to the end brings the 13th.
    const numbers = async () =>
      (await orderLinks(page).allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
    // A phone's screen holds less than a page: the 13th comes only when the list is scrolled to its end.
    if (test.info().project.name === 'phone') await expect(orderLinks(page)).toHaveCount(12);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(orderLinks(page)).toHaveCount(13);
    const shown = await numbers();
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    await expect(page.getByRole('button', { name: 'Show more orders' })).toHaveCount(0);

    // A year with no orders says so; this year's shows them again.
    const thisYear = new Date().getFullYear();
    await page.getByLabel('Year').selectOption('2024');
    await expect(page.getByText('You have no orders from 2024.')).toBeVisible();
    await expect(page).toHaveURL(/year=2024/);
    await page.getByLabel('Year').selectOption(String(thisYear));
    // Its first page again, and the next one too if the end of the list is in view by then.
    await expect(orderLinks(page).nth(11)).toBeVisible();
    await expect(orderLinks(page).first()).toHaveText(new RegExp(`#${shown[0]}$`));
  });

  test('a new school is told how to start an order', async ({ page }) => {
    await schoolWithOrders(page, 0);
    await page.goto('/school/orders');
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse the products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('shows an order in full and cancels it before the cut-off @phone', async ({ page }) => {
    test.slow();
    const { keys } = await schoolWithOrders(page, 1);
    await page.goto('/school/orders');
    // The list names what each order is for.
    await expect(page.getByText('Primary Planner — Classic Blue').filter({ visible: true })).toBeVisible();
    await orderLinks(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/school/order/${keys[0]}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();

    const items = page.getByTestId('order-items');
    await expect(items.getByRole('row', { name: /Primary planners/ })).toContainText('50');
    await expect(items.getByRole('row', { name: /Delivery/ })).toContainText('Pickup at our Tampa warehouse');
    await expect(page.getByTestId('order-prices').getByRole('row', { name: /Planners/ })).toContainText('50');
    // The prices' headings break between words only: on a phone too, each stays whole on its line.
    for (const name of ['Quantity', 'Amount']) {
      const heading = page.getByTestId('order-prices').getByRole('columnheader', { name });
      const lines = await heading.evaluate((th) => {
        const text = document.createRange();
        text.selectNodeContents(th);
        return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, name).toBe(1);
    }
    // On the narrowest phones (320 px) the prices stay within their card: the page never scrolls sideways.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 640 });
    const fit = await page.getByTestId('order-prices').evaluate((table) => {
      const card = table.closest('.mantine-Paper-root') as HTMLElement;
      const inner = card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
      return { table: table.getBoundingClientRect().right, inner, page: document.documentElement.scrollWidth };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.inner + 0.5);
    expect(fit.page).toBeLessThanOrEqual(320);
    if (viewport) await page.setViewportSize(viewport);
    await expect(page.getByTestId('order-prices').getByRole('row', { name: /Planners/ })).toContainText('each');
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/order-now/${keys[0]}`);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toContainText(/You can cancel it here until April 30, \d{4}\./);
    await confirm.getByRole('button', { name: 'Cancel the order' }).click();
    await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);

    // It stays in the list, as Cancelled.
    await page.goto('/school/orders');
    await expect(page.getByText('Cancelled', { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test('asks for the free products’ terms until the school agrees to them', async ({ page }) => {
    test.slow();
    const { token, keys } = await schoolWithOrders(page, 1, { draft: 1, status: 'Pending', nocar_rider: '50' });
    await page.goto('/school/orders');
    await page.getByRole('link', { name: 'Agree to Terms' }).click();
    await expect(page).toHaveURL(new RegExp(`/school/order/${keys[0]}\\?tncaccept=1$`));

    const terms = page.getByRole('dialog', { name: 'Terms & Conditions for Free products' });
    await expect(terms).toBeVisible();
    const agree = terms.getByRole('button', { name: 'Agree' });
    await expect(agree).toBeDisabled();
    for (const box of await terms.getByRole('checkbox').all()) await box.check();
    await agree.click();
    await expect(page.getByText('Thank you: the free products’ terms are accepted.')).toBeVisible();
    await expect(terms).toBeHidden();
    await expect(page.getByRole('button', { name: 'Agree to Terms' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Free Products T&C Accepted' })).toBeVisible();

    const details = await page.request.get(`/api/orderdetails?order_key=${keys[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await details.json()).order.free_tnc_accepted).toBe(1);
  });

  test('a placed order is cancelled by asking the team, once @phone', async ({ page }) => {
    test.slow();
    const { keys } = await schoolWithOrders(page, 1, { status: 'Order Placed', payment_method: '4' });
    await page.goto(`/school/order/${keys[0]}`);
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Contact to cancel' }).click();

    const dialog = page.getByRole('dialog', { name: 'Contact us to cancel' });
    // The one real reason, not a cut-off months away.
    await expect(dialog).toContainText('This order has been placed: only our team can change or cancel it now.');
    await expect(dialog).not.toContainText('May');
    await expect(dialog.getByRole('link', { name: /@/ })).toBeVisible();
    await expect(dialog.getByLabel('School name')).toHaveValue('Palm Grove Elementary');
    await dialog.getByLabel('School name').fill('');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('School name is required')).toBeVisible();
    await expect(dialog.getByText('This is required field')).toBeVisible();
    await dialog.getByLabel('School name').fill('Palm Grove Elementary');
    await dialog.getByLabel('Message').fill('We ordered twice by mistake; please cancel this one.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send request' }).dblclick();

    await expect(page.getByText('We have received your request to cancel this order.', { exact: false })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Cancellation requested')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact to cancel' })).toHaveCount(0);
  });

  test('opens the order’s invoice and quote as PDFs, and prints the order alone', async ({ page, context }) => {
    test.slow();
    const { keys, token } = await schoolWithOrders(page, 1, { payment_method: '1', status: 'Order Placed' });
    const orderKey = keys[0] ?? '';
    await placeToInvoice(page, token, orderKey);
    await page.goto(`/school/order/${orderKey}`);

    for (const [choice, title] of [
      ['Invoice', 'INVOICE'],
      ['Quote', 'QUOTE'],
    ] as const) {
      await page.getByRole('button', { name: 'Download Order Summary' }).click();
      const dialog = page.getByRole('dialog', { name: 'Download Order Summary' });
      await dialog.getByRole('radio', { name: choice }).check();
      // The invoice is the one we issued, with its own date; the school dates only a quote.
      if (choice === 'Quote') await dialog.getByLabel('Date').fill('2026-11-24');
      else await expect(dialog.getByLabel('Date')).toHaveCount(0);
      const [response] = await Promise.all([
        context.waitForEvent('response', (r) => r.url().includes('/api/orderdocument/')),
        dialog.getByRole('button', { name: 'Open PDF' }).click(),
      ]);
      expect(response.status()).toBe(200);
      // The new tab carries no session: its link alone opens the document, as a PDF for the viewer.
      const opened = await page.request.get(response.url());
      expect(opened.headers()['content-type']).toBe('application/pdf');
      expect(opened.headers()['content-disposition']).toMatch(/^inline; filename="(invoice|quote)-.+\.pdf"$/);
      expect((await opened.body()).subarray(0, 5).toString('latin1'), title).toBe('%PDF-');
      for (const other of context.pages()) if (other !== page) await other.close();
    }

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('order-items')).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
  });

  test('orders again for next year from this year’s order, without its files @phone', async ({ page }) => {
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    const orderKey = await startOrder(page, school.token);
    const [thisYear, nextYear] = (await readOrder(page, school.token, orderKey)).rangeyear;
    await saveOrderForm(page, school.token, orderKey, {
      ...plainPlannerOrder(75, '3'),
      school_year: thisYear,
      draft: 0,
      status: 'Reserved',
    });
    await seedSession(page, school.token, SCHOOL);
    await page.goto(`/school/order/${orderKey}`);
    await page.getByRole('button', { name: `Order again for ${nextYear}` }).click();

    await expect(page).toHaveURL(/\/order-now\/[A-Za-z0-9_-]+\?from=\d+$/);
    expect(page.url()).not.toContain(orderKey);
    // The whole reservation form renders here; with two browsers, the server and PostgreSQL
    // sharing two cores under the full suite, that has taken longer than the usual wait.
    await expect(page.getByText(`A copy of order #`, { exact: false })).toContainText(`for ${nextYear}`, {
      timeout: 15_000,
    });
    await expect(page.getByText('Files are not carried over', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Primary planners')).toHaveValue('75');
    await expectNoSeriousA11yViolations(page);

    // Both orders are in the list: the new one Pending, first.
    await page.goto('/school/orders');
    await expect(orderLinks(page)).toHaveCount(2);
    await expect(page.getByText('Pending', { exact: true }).filter({ visible: true })).toHaveCount(1);
  });

  test('another school’s order is not shown', async ({ page }) => {
    const other = await schoolWithOrders(page, 1, {}, { signIn: false });
    await schoolWithOrders(page, 0);
    await page.goto(`/school/order/${other.keys[0]}`);
    await expect(page.getByText('Order not found')).toBeVisible();
  });
});
