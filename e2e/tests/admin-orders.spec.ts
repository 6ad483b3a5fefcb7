import { businessDay } from '@portal/contracts/business-time';
import { MSG } from '@portal/contracts/messages';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, callApi, openBackOffice, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { plainPlannerOrder, saveOrderForm, startOrder, usd } from '../support/orders.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * A school of its own reserves planners through the API (the demo school's orders stay as
 * the other tests read them); the administrator finds the order in the back office, places
 * it and adds the tax; the school then sees the new total.
 */
async function schoolWithReservation(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, { ...plainPlannerOrder(100, '3'), draft: 0, status: 'Reserved' });
  const response = await page.request.get(`/api/orderdetails?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${school.token}` },
  });
  const details = (await response.json()) as { order: { order_id: number; total_amount_html: string } };
  const totalCents = Math.round(Number(details.order.total_amount_html.replace(/[$,]/g, '')) * 100);
  return { ...school, orderKey, orderId: details.order.order_id, totalCents };
}

test('an administrator finds a school’s order, places it and adds tax; the school sees the new total', async ({
  page,
  browser,
}) => {
  const school = await schoolWithReservation(page);
  await openBackOffice(page);

  await page.getByRole('link', { name: 'Orders' }).first().click();
  await page.getByLabel('Search').fill(school.email);
  // The search is in the address once typing pauses: the list is then this school's order alone.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('link', { name: /^#\d+$/ })).toHaveCount(1);
  await page.getByRole('link', { name: `#${school.orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${school.orderId}` })).toBeVisible();
  await expect(page.getByText('Palm Grove Elementary')).toBeVisible();

  await page.getByRole('button', { name: 'Order Placed', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Order Placed' }).click();
  // The move closes any open checkout and e-mails the school: a busy run takes a while.
  await expect(page.getByText('The order’s status has been changed.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'In production', exact: true })).toBeVisible();

  // Florida's 6% and Hillsborough's 1.5%: a rate, worked out on the subtotal.
  const taxCents = Math.round((school.totalCents * 750) / 10_000);
  await page.getByLabel('Sales tax rate (%)').fill('7.5');
  await expect(page.getByText(`${usd(taxCents)} on ${usd(school.totalCents)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add tax' }).click();
  await expect(page.getByRole('dialog')).toContainText(`The tax becomes ${usd(taxCents)} (7.5%)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Add tax' }).click();
  await expect(page.getByText('The tax has been added to the order.')).toBeVisible();
  const newTotal = usd(school.totalCents + taxCents);
  await expect(page.getByTestId('order-prices')).toContainText(newTotal);
  await expect(page.getByText('status: Reserved → Order Placed')).toBeVisible();

  // The district's check for part of it arrives: staff record it, and the rest is still owed.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const form = page.getByRole('form', { name: 'Record a check or bank transfer' });
  await form.getByLabel('Amount ($)').fill('50.00');
  await form.getByLabel('Check number or reference').fill('1042');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  await expect(page.getByTestId('order-account')).toContainText(
    `received $50.00 · Balance due: ${usd(school.totalCents + taxCents - 50_00)}`,
  );
  await expect(page.getByRole('row', { name: /Check or transfer Received \$50\.00/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const context = await browser.newContext();
  const schoolPage = await context.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/school/order/${school.orderKey}`);
  const prices = schoolPage.getByTestId('order-prices');
  await expect(prices).toContainText('Sales tax');
  await expect(prices).toContainText(usd(taxCents));
  await expect(prices).toContainText(newTotal);
  await expect(schoolPage.getByText('Order Placed').first()).toBeVisible();
  await context.close();
});

test('a school asks to cancel its placed order, and staff answer the request on the order', async ({ page }) => {
  const school = await schoolWithReservation(page);
  const staffToken = await openBackOffice(page, '/admin');
  await callApi(page, `admin/orders/${school.orderId}/status`, { status: 'Order Placed' }, staffToken);
  // Placed, the school can only ask to cancel it; staff answer the request on the order.
  await callApi(
    page,
    'cancelorderenq',
    {
      order_key: school.orderKey,
      schoolname: 'Palm Grove Elementary',
      email: school.email,
      message: 'Enrollment fell.',
    },
    school.token,
  );
  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByRole('heading', { name: 'Cancel request waiting for an answer' })).toBeVisible();
  await expect(page.getByText('Enrollment fell.', { exact: true })).toBeVisible();
  // The school's request is in the order's history too.
  await expect(page.getByText(/ · request-cancel$/)).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Why the order cannot be cancelled (sent to the school)').fill('The planners are printed.');
  await page.getByRole('button', { name: 'Send the answer' }).click();
  await expect(page.getByText(MSG.cancelRequestDeclined)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancel request', exact: true })).toBeVisible();
  await expect(page.getByText('Order Placed').first()).toBeVisible();
});

test('the orders list and an order fit a 375 px phone @phone-only', async ({ page }) => {
  const school = await schoolWithReservation(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page, '/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^#\d+$/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('orders-375.png'), fullPage: true, scale: 'css' });
  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-375.png'), fullPage: true, scale: 'css' });
});

test('staff give back part of a check the school overpaid, by a check sent; the account and its rows say so', async ({
  page,
}) => {
  const school = await schoolWithReservation(page);
  const staffToken = await openBackOffice(page, '/admin');
  await callApi(page, `admin/orders/${school.orderId}/status`, { status: 'Order Placed' }, staffToken);
  // The district paid the whole order by check; then two planners came back damaged.
  await callApi(
    page,
    `admin/orders/${school.orderId}/offline-payment`,
    {
      method: 'check',
      amount: (school.totalCents / 100).toFixed(2),
      reference: '5150',
      received_on: businessDay(new Date()),
    },
    staffToken,
  );
  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByTestId('order-account')).toContainText('Paid in full');
  await page.getByRole('button', { name: `Refund the payment of ${usd(school.totalCents)}` }).click();
  const form = page.getByRole('form', { name: 'Refund a payment' });
  // Money that came by check goes back by hand: no card to choose.
  await expect(form.getByText('How the money goes back')).toHaveCount(0);
  await form.getByLabel('Amount to refund ($)').fill('20.00');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(form.getByText(MSG.adminOfflineReferenceRequired)).toBeVisible();
  await expect(form.getByText(MSG.adminRefundReasonRequired)).toBeVisible();
  await form.getByLabel('Check number or reference').fill('Check 310');
  await form.getByLabel('Why (the school reads it)').fill('Two planners arrived damaged');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(MSG.adminRefundRecorded)).toBeVisible();
  await expect(page.getByTestId('order-account')).toContainText(
    `received ${usd(school.totalCents)} · refunded $20.00 · Balance due: $20.00`,
  );
  const row = page.getByTestId('order-refund');
  await expect(row).toContainText('Refund by hand (Check 310)');
  await expect(row).toContainText('Two planners arrived damaged');
  await expect(row).toContainText('-$20.00');
  await expectNoSeriousA11yViolations(page);
});

test('staff apply what a school overpaid on one order to its next order; both accounts say so', async ({ page }) => {
  const school = await schoolWithReservation(page);
  const staffToken = await openBackOffice(page, '/admin');
  await callApi(page, `admin/orders/${school.orderId}/status`, { status: 'Order Placed' }, staffToken);
  // Paid in full by check with a tax that staff then took off: 25.00 of credit.
  await callApi(page, `admin/orders/${school.orderId}/tax`, { tax_cents: 25_00 }, staffToken);
  await callApi(
    page,
    `admin/orders/${school.orderId}/offline-payment`,
    {
      method: 'check',
      amount: ((school.totalCents + 25_00) / 100).toFixed(2),
      reference: '6001',
      received_on: businessDay(new Date()),
    },
    staffToken,
  );
  await callApi(page, `admin/orders/${school.orderId}/tax`, { tax_cents: 0 }, staffToken);
  // The school's next order, placed to be invoiced.
  const nextKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, nextKey, { ...plainPlannerOrder(40, '1'), draft: 0, status: 'Order Placed' });

  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByTestId('order-account')).toContainText('Credit: $25.00');
  await page.getByRole('button', { name: 'Apply credit' }).click();
  const form = page.getByRole('form', { name: 'Apply the credit to another order' });
  await expect(form.getByLabel('Amount ($)')).toHaveValue('25.00');
  await form.getByRole('button', { name: 'Apply credit' }).click();
  await expect(page.getByText(MSG.adminCreditApplied)).toBeVisible();
  await expect(page.getByTestId('order-account')).toContainText('refunded $25.00 · Paid in full');
  await expect(page.getByTestId('order-refund')).toContainText(/Applied to order #\d+/);
  await expectNoSeriousA11yViolations(page);
});
