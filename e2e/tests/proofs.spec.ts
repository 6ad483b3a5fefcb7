import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, openBackOffice, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { plainPlannerOrder, saveOrderForm, startOrder } from '../support/orders.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A real 1 × 1 PNG: a picture the proof's preview can show. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A school of its own with an order finalized to be invoiced after delivery (Order Placed), made through the API. */
async function schoolWithPlacedOrder(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, {
    ...plainPlannerOrder(100, '4'),
    draft: 0,
    status: 'Order Placed',
  });
  const response = await page.request.get(`/api/orderdetails?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${school.token}` },
  });
  const details = (await response.json()) as { order: { order_id: number; order_status: string } };
  expect(details.order.order_status).toBe('Order Placed');
  return { ...school, orderKey, orderId: details.order.order_id };
}

async function uploadCoverProof(page: Page) {
  const proofs = page.getByRole('region', { name: 'Proofs' });
  await proofs.getByRole('radio', { name: 'Custom cover' }).check({ force: true });
  await proofs
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cover-proof.png', mimeType: 'image/png', buffer: PNG });
  await proofs.getByRole('button', { name: 'Upload and e-mail the school' }).click();
  await expect(page.getByText('Proof uploaded. The school has been e-mailed to approve it.')).toBeVisible();
  return proofs;
}

test('staff upload a proof, the school approves it, and only then the order goes into production', async ({
  page,
  browser,
}) => {
  // Two browsers and three accessibility checks: longer than one screen's test.
  test.setTimeout(90_000);
  const school = await schoolWithPlacedOrder(page);
  await openBackOffice(page);

  // The dashboard: its tiles and the chart of reservations by school year.
  await expect(page.getByRole('heading', { name: 'Reservations and revenue by school year' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Proofs waiting: \d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${school.orderId}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'In production', exact: true })).toBeVisible();
  const proofs = await uploadCoverProof(page);
  await expect(proofs.getByText('Waiting for the school', { exact: true })).toBeVisible();
  await expect(proofs.getByText(/the order can go to In production once the school has answered it/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'In production', exact: true })).toHaveCount(0);
  await expect(proofs.getByRole('img', { name: 'Custom cover proof' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The school, in a browser of its own, approves it.
  const context = await browser.newContext();
  const schoolPage = await context.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/school/order/${school.orderKey}`);
  const schoolProofs = schoolPage.getByRole('region', { name: 'Proofs' });
  await expect(schoolProofs.getByText('cover-proof.png')).toBeVisible();
  await expect(schoolProofs.getByText('Waiting for the school')).toBeVisible();
  await expectNoSeriousA11yViolations(schoolPage);
  await schoolProofs.getByRole('button', { name: 'Ask for changes' }).click();
  await schoolProofs.getByRole('button', { name: 'Send my changes' }).click();
  await expect(schoolProofs.getByText('Please say what should be changed')).toBeVisible();
  await schoolProofs.getByRole('button', { name: 'Back' }).click();
  await schoolProofs.getByRole('button', { name: 'Approve', exact: true }).click();
  await schoolPage.getByRole('dialog').getByRole('button', { name: 'Approve the proof' }).click();
  await expect(schoolPage.getByText('Thank you! The proof is approved.')).toBeVisible();
  await expect(schoolProofs.getByText('Approved', { exact: true })).toBeVisible();
  await expect(schoolProofs.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await context.close();

  // Staff see the answer, and may now move the order on.
  await page.reload();
  await expect(proofs.getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'In production', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to In production' }).click();
  await expect(page.getByText('The order’s status has been changed.')).toBeVisible();
  await expect(page.getByText('status: Order Placed → In production')).toBeVisible();
});

test('the back office’s dashboard fits a 375 px phone @phone-only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page);
  await expect(page.getByRole('heading', { name: 'Reservations and revenue by school year' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true, scale: 'css' });
});

test('an order’s proofs and the school’s proof fit a 375 px phone @phone-only', async ({ page, browser }) => {
  const school = await schoolWithPlacedOrder(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page, `/admin/orders/${school.orderId}`);
  await uploadCoverProof(page);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-proofs-375.png'), fullPage: true, scale: 'css' });

  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const schoolPage = await context.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/school/order/${school.orderKey}`);
  await expect(schoolPage.getByRole('region', { name: 'Proofs' }).getByText('cover-proof.png')).toBeVisible();
  await expectNoSidewaysScroll(schoolPage);
  await schoolPage.screenshot({ path: test.info().outputPath('school-proof-375.png'), fullPage: true, scale: 'css' });
  await context.close();
});
