import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { costsOf, plainPlannerOrder, saveOrderForm, startOrder, usd } from '../support/orders.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A school with an order of 50 planners picked up at the warehouse, filled in through the API. */
async function schoolWithOrder(page: Page, payment: '1' | '2') {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, plainPlannerOrder(50, payment));
  const c = await costsOf(page, school.token, orderKey);
  const totalCents = 50 * c.plannerPrice! + 50 * c.coverPrice_1! + c.deliveryPrice_1!;
  await seedSession(page, school.token, SCHOOL);
  return { ...school, orderKey, totalCents };
}

/** Finalizes on the form, which sends the school to checkout. */
async function finalize(page: Page, orderKey: string) {
  await page.goto(`/order-now/${orderKey}`);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Finalize Order' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderKey}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function payWithCard(page: Page, number: string, totalCents: number) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jo Office');
  await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
}

test.describe('checkout and card payment', () => {
  test('a school finalizes, pays by card on the gateway’s page and sees its order confirmed @phone', async ({
    page,
  }) => {
    test.slow();
    const { orderKey, totalCents } = await schoolWithOrder(page, '2');
    await finalize(page, orderKey);
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(totalCents));
    await expectNoSeriousA11yViolations(page);

    // The terms must be accepted first.
    const pay = page.getByRole('button', { name: `Pay ${usd(totalCents)}` });
    await pay.click();
    await expect(page.getByText('Please accept to continue.')).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await pay.click();

    await expect(page).toHaveURL(/\/pay\/test\//);
    await expectNoSeriousA11yViolations(page);
    await payWithCard(page, '4242 4242 4242 4242', totalCents);

    await expect(page).toHaveURL(new RegExp(`/order-confirmed/${orderKey}\\?payment_key=`));
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText('Your payment has been received.', { exact: false })).toBeVisible();
    await expect(page.getByRole('row', { name: /Payment/ })).toContainText('(paid)');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a declined card reaches the payment error page, and the school can pay again', async ({ page }) => {
    test.slow();
    const { orderKey, totalCents } = await schoolWithOrder(page, '2');
    await finalize(page, orderKey);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
    await payWithCard(page, '4000 0000 0000 0002', totalCents);

    await expect(page).toHaveURL(new RegExp(`/payment-error/${orderKey}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment declined' })).toBeVisible();
    await expect(page.getByText('Your payment was declined, please try again.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Coming back to the confirmation without paying does not confirm anything.
    await page.goto(`/order-confirmed/${orderKey}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Not Confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(new RegExp(`/checkout/${orderKey}$`));
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
    await payWithCard(page, '4242424242424242', totalCents);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
  });

  test('leaving the gateway’s page is a cancelled payment, not a declined one, and the order can be paid afresh @phone', async ({
    page,
  }) => {
    test.slow();
    const { orderKey, totalCents } = await schoolWithOrder(page, '2');
    await finalize(page, orderKey);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    const gatewayUrl = page.url();
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    await expect(page).toHaveURL(new RegExp(`/payment-error/${orderKey}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByText('You left the payment page before paying. Nothing was charged.')).toBeVisible();
    await expect(page.getByText('Payment declined')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout/${orderKey}`);
    await expect(page.getByRole('link', { name: 'Edit order' })).toHaveAttribute('href', `/order-now/${orderKey}`);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The checkout left behind is closed at the gateway: it can no longer take a card.
    await page.goto(gatewayUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'This payment can no longer be made' })).toBeVisible();

    await page.goto(`/payment-error/${orderKey}`);
    await page.getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${orderKey}$`));
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
    await payWithCard(page, '4242 4242 4242 4242', totalCents);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
  });

  test('a payment made in another browser counts for the school without the return page', async ({ page, browser }) => {
    test.slow();
    const { orderKey, totalCents } = await schoolWithOrder(page, '2');
    await finalize(page, orderKey);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    const gatewayUrl = page.url();

    // Someone else at the school pays on the gateway's page in a browser without the school's session, and closes it.
    const elsewhere = await browser.newContext();
    try {
      const payer = await elsewhere.newPage();
      await payer.goto(gatewayUrl);
      await payWithCard(payer, '4242 4242 4242 4242', totalCents);
      // Sent back to the return address, where this browser has no session to confirm anything with.
      await expect(payer).not.toHaveURL(/\/pay\/test\//);
    } finally {
      await elsewhere.close();
    }

    await page.goto(`/school/order/${orderKey}`);
    await expect(page.getByRole('definition').filter({ hasText: /^Paid$/ })).toBeVisible();
    await page.goto(`/checkout/${orderKey}`);
    await expect(page.getByText('This order has been paid.')).toBeVisible();
  });

  test('"invoice me now" places the order without the gateway', async ({ page }) => {
    const { orderKey } = await schoolWithOrder(page, '1');
    await finalize(page, orderKey);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmed/${orderKey}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Order status/ })).toContainText('Order Placed');
  });
});
