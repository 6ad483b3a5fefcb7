import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { plainPlannerOrder, saveOrderForm, setTaxAmount, startOrder, usd } from '../support/orders.ts';
import { expectNoSidewaysScroll, orderPayLinkFor, payOnTestGateway } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

const GOOD_CARD = '4242 4242 4242 4242';

/**
 * A school of its own reserves planners to be invoiced now (through the API); staff then
 * place the order and add the tax in the back office, which leaves a balance to pay.
 */
async function schoolWithReservation(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, { ...plainPlannerOrder(100, '1'), draft: 0, status: 'Reserved' });
  const response = await page.request.get(`/api/orderdetails?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${school.token}` },
  });
  const details = (await response.json()) as { order: { order_id: number; total_amount_html: string } };
  const totalCents = Math.round(Number(details.order.total_amount_html.replace(/[$,]/g, '')) * 100);
  return { ...school, orderKey, orderId: details.order.order_id, totalCents };
}

test('staff place an order and add tax, send a pay link; the school pays the balance from the e-mail and the order is paid', async ({
  page,
  browser,
}) => {
  test.slow();
  const school = await schoolWithReservation(page);
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${school.orderId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Order Placed', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Order Placed' }).click();
  await expect(page.getByText('The order’s status has been changed.')).toBeVisible();
  await setTaxAmount(page, '12.50');
  await expect(page.getByText('The tax has been added to the order.')).toBeVisible();
  const balance = school.totalCents + 12_50;

  const card = page.getByTestId('order-pay-link');
  await expect(card.getByTestId('order-balance-due')).toHaveText(usd(balance));
  await card.getByRole('button', { name: 'Send pay link' }).click();
  await expect(page.getByText(`Pay link sent. (${school.email})`)).toBeVisible();
  await expect(card.getByRole('table', { name: 'Links sent' })).toBeVisible();
  await expect(page.getByText(/ · pay-link$/)).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('admin-order-pay-link-1280.png'),
    fullPage: true,
    scale: 'css',
  });
  await expectNoSeriousA11yViolations(page);

  // The school opens the e-mailed link on a phone, signed out. Staff saw it this once.
  const link = await orderPayLinkFor(page, school.email);
  await expect(card.getByTestId('sent-pay-link').getByRole('textbox', { name: 'The link' })).toHaveValue(
    new RegExp(`${link}$`),
  );
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const payer = await context.newPage();
  await payer.goto(link);
  await expect(payer.getByRole('heading', { level: 1, name: 'Pay your order' })).toBeVisible();
  await expect(payer.getByText(`Order #${school.orderId}`, { exact: false })).toBeVisible();
  await expect(payer.getByTestId('order-pay-link-total')).toHaveText(usd(balance));
  await expect(payer.getByTestId('order-pay-link-paid')).toHaveText('$0.00');
  await expect(payer.getByTestId('order-pay-link-due')).toHaveText(usd(balance));
  await expect(payer.getByTestId('order-pay-link-prices')).toContainText('$12.50');
  await expectNoSidewaysScroll(payer);
  await payer.screenshot({ path: test.info().outputPath('order-pay-375.png'), fullPage: true, scale: 'css' });
  await expectNoSeriousA11yViolations(payer);

  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await payOnTestGateway(payer, GOOD_CARD, balance);
  await expect(payer).toHaveURL(/\/order-payment-confirmed\//);
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Received' })).toBeVisible();
  await expect(payer.getByText(`We have received your payment of ${usd(balance)}`)).toBeVisible();
  await expect(payer.getByTestId('order-payment-status')).toHaveText('Paid');
  await expect(payer.getByTestId('order-balance')).toHaveText('$0.00');
  await expectNoSidewaysScroll(payer);
  await expectNoSeriousA11yViolations(payer);
  await payer.screenshot({
    path: test.info().outputPath('order-payment-confirmed-375.png'),
    fullPage: true,
    scale: 'css',
  });

  // The link now says it is paid.
  await payer.goto(link);
  await expect(payer.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await expect(payer.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await context.close();

  // The school's own order page, and the back office, show it paid.
  const own = await browser.newContext();
  const schoolPage = await own.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/school/order/${school.orderKey}`);
  await expect(schoolPage.getByText('Paid', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('order-balance-due')).toHaveText('$0.00');
  await expect(page.getByText('This order has nothing left to pay.')).toBeVisible();
  await expect(page.getByTestId('order-account')).toContainText('Paid in full');

  // The tax was less than staff thought: what the school paid beyond the new total is its credit.
  await setTaxAmount(page, '2.50', 'Change tax');
  await expect(page.getByText('The tax has been added to the order.')).toBeVisible();
  await expect(page.getByTestId('order-account')).toContainText('Credit: $10.00 paid beyond the total');
  await page.getByTestId('order-account').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('admin-order-credit-1280.png'), scale: 'css' });
  await schoolPage.reload();
  await expect(schoolPage.getByTestId('order-credit')).toContainText('Your credit: $10.00');
  await schoolPage.screenshot({ path: test.info().outputPath('school-order-credit-1280.png'), scale: 'css' });

  // The school keeps the papers: a receipt for its card payment, and the statement of the order.
  const received = schoolPage.getByRole('table').filter({ hasText: 'Paid by' });
  await expect(
    received.getByRole('row', { name: new RegExp(`Card ${usd(balance).replace('$', '\\$')}`) }),
  ).toBeVisible();
  for (const [button, name] of [
    [received.getByRole('button', { name: /^Download the receipt of payment \d+$/ }), /^receipt-\d+\.pdf$/],
    [schoolPage.getByRole('button', { name: 'Download statement' }), /^statement\.pdf$/],
  ] as const) {
    const download = schoolPage.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(name);
    const bytes = readFileSync((await file.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  await received.scrollIntoViewIfNeeded();
  await schoolPage.screenshot({ path: test.info().outputPath('school-order-receipts-1280.png'), scale: 'css' });
  await own.close();
});

test('a sales rep reads money owed on a phone: their own sponsors, the bands and their totals @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('rep@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/money-owed');
  await expect(page.getByRole('heading', { name: 'Money owed' })).toBeVisible();
  await expect(page.getByTestId('owed-all')).toContainText('$');
  // The demo's rep looks after Sunshine Dental Care, not Gulf Coast Realty, and sees no school orders.
  await expect(page.getByText('Sunshine Dental Care').first()).toBeVisible();
  await expect(page.getByText('Gulf Coast Realty')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'School orders' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('money-owed-rep-375.png'), fullPage: true, scale: 'css' });
});
