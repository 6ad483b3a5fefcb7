import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { openBackOffice, registerSchool } from '../support/accounts.ts';
import { placeToInvoice, plainPlannerOrder, saveOrderForm, setTaxAmount, startOrder, usd } from '../support/orders.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * A school of its own (the demo school stays as other tests read it): it orders planners
 * with its tax to be added, uploads a tax certificate that has expired, and places the
 * order to be invoiced now, which issues its invoice. Everything through the API, as the school's screens would.
 */
async function invoicedSchoolWithExpiredCertificate(page: Page) {
  const schoolName = `Seagrape Academy ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const school = await registerSchool(page, { details: { school_name: schoolName } });
  const auth = { authorization: `Bearer ${school.token}` };
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, {
    ...plainPlannerOrder(100, '1'),
    tax: '0',
    draft: 0,
    status: 'Reserved',
  });
  const upload = await page.request.post('/api/uploadorderfiles', {
    headers: { ...auth, 'x-xsrf-token': await xsrf(page) },
    multipart: {
      order_key: orderKey,
      file_type: 'tax_certificate',
      expires_on: '2025-06-30',
      cfile: { name: 'exemption-2025.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await saveOrderForm(page, school.token, orderKey, { draft: 0, status: 'Order Placed' });
  await placeToInvoice(page, school.token, orderKey);
  const details = await page.request.get(`/api/orderdetails?order_key=${orderKey}`, { headers: auth });
  const order = ((await details.json()) as { order: { order_id: number } }).order;
  return { ...school, schoolName, orderKey, orderId: order.order_id };
}

/** The anti-forgery cookie's value (the app's HTML hands it out), which every POST repeats in its header (D5). */
async function xsrf(page: Page) {
  await page.request.get('/');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie?.value ?? '';
}

test('staff find a school, see its expired certificate, open its order, add tax and invoice the difference', async ({
  page,
}) => {
  // One journey through three screens, with two accessibility checks.
  test.slow();
  const school = await invoicedSchoolWithExpiredCertificate(page);
  await openBackOffice(page);

  await page.getByRole('link', { name: 'Schools' }).first().click();
  await expect(page.getByRole('heading', { name: 'Schools' })).toBeVisible();
  await page.getByLabel('Search').fill(school.schoolName);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row').filter({ hasText: school.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Expired')).toBeVisible();
  await row.getByRole('link', { name: school.schoolName }).click();

  await expect(page.getByRole('heading', { name: school.schoolName, level: 1 })).toBeVisible();
  await expect(page.getByText('The current tax certificate expired on Jun 30, 2025.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'exemption-2025.pdf' })).toBeVisible();
  await expect(page.getByText(/^Jo Office · Office Manager/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('school-1280.png'), fullPage: true, scale: 'css' });

  await page.getByRole('link', { name: `#${school.orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${school.orderId}` })).toBeVisible();
  const invoices = page.getByRole('table').filter({ hasText: 'INV-' });
  await expect(invoices.getByRole('row')).toHaveCount(2);

  await setTaxAmount(page, '12.50');
  await expect(page.getByText('The tax has been added to the order.')).toBeVisible();

  await page.getByRole('button', { name: 'Invoice the difference' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice the difference?' });
  await expect(dialog.getByText(`Difference to invoice: ${usd(12_50)}`)).toBeVisible();
  await expect(dialog.getByText(`Tax change: ${usd(12_50)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue invoice for the difference' }).click();
  await expect(page.getByText(/Invoice issued\. INV-\d{6}/)).toBeVisible();
  await expect(invoices.getByRole('row')).toHaveCount(3);
  const difference = invoices.getByRole('row').filter({ hasText: 'Invoice (difference)' });
  await expect(difference).toContainText(usd(12_50));
  const label = (await difference.getByRole('cell').first().textContent()) ?? '';
  expect(label).toMatch(/^INV-\d{6}$/);

  const download = page.waitForEvent('download');
  await difference.getByRole('button', { name: `Download ${label}` }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${label}.pdf`);
  await expect(page.getByRole('button', { name: 'Invoice the difference' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-invoices-1280.png'), fullPage: true, scale: 'css' });
});

test('the schools list and a school fit a 375 px phone @phone-only', async ({ page }) => {
  const school = await invoicedSchoolWithExpiredCertificate(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page, `/admin/schools?q=${encodeURIComponent(school.schoolName)}`);
  await expect(page.getByRole('link', { name: school.schoolName })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('schools-375.png'), fullPage: true, scale: 'css' });
  await page.getByRole('link', { name: school.schoolName }).click();
  await expect(page.getByText('The current tax certificate expired on Jun 30, 2025.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('school-375.png'), fullPage: true, scale: 'css' });
  await page.goto(`/admin/orders/${school.orderId}`);
  await expect(page.getByRole('heading', { name: 'Invoices and credit notes' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('order-invoices-375.png'), fullPage: true, scale: 'css' });
});
