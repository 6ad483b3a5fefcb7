import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { pdfText } from '../../apps/server/test/helpers/pdf-text.ts';
import { apiLogin, openBackOffice, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { placeToInvoice, plainPlannerOrder, saveOrderForm, setTaxAmount, startOrder, usd } from '../support/orders.ts';
import { orderPayLinkFor, payOnTestGateway } from '../support/pay-links.ts';
import { expect, test } from '../support/test.ts';

/**
 * One order's money through its year, read as the school's accountant reads its papers:
 * invoiced when placed, part paid by the e-mailed pay link, tax added and invoiced as a
 * difference, a check for the rest, the tax lowered (a credit note) and the overpayment
 * sent back by check. Every paper must add up to what the screens say.
 */

/** A downloaded PDF's text, one line per text operator. */
async function textOf(download: Promise<Download>): Promise<{ name: string; lines: string[] }> {
  const file = await download;
  const bytes = readFileSync((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name: file.suggestedFilename(), lines: pdfText(bytes) };
}

/** The line after `label` in a PDF's text: the value a label stands beside. */
function besideLabel(lines: string[], label: string): string | undefined {
  const at = lines.indexOf(label);
  return at < 0 ? undefined : lines[at + 1];
}

test('an order’s account through its year, as the school’s accountant reads it', async ({ page, browser }) => {
  test.slow();
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, {
    ...plainPlannerOrder(100, '1'),
    tax: '0',
    purchase_order: 'PO-4471',
    draft: 0,
    status: 'Order Placed',
  });
  await placeToInvoice(page, school.token, orderKey);
  const details = await page.request.get(`/api/orderdetails?order_key=${orderKey}`, {
    headers: { authorization: `Bearer ${school.token}` },
  });
  const { order } = (await details.json()) as { order: { order_id: number; total_amount_html: string } };
  const total = Math.round(Number(order.total_amount_html.replace(/[$,]/g, '')) * 100);

  await openBackOffice(page, `/admin/orders/${order.order_id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.order_id}` })).toBeVisible();
  const card = page.getByTestId('order-pay-link');
  await card.getByRole('button', { name: 'Send pay link' }).click();
  await expect(page.getByText(`Pay link sent. (${school.email})`)).toBeVisible();
  const link = await orderPayLinkFor(page, school.email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const payer = await phone.newPage();
  await payer.goto(link);
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await payOnTestGateway(payer, '4242 4242 4242 4242', total);
  await expect(payer).toHaveURL(/\/order-payment-confirmed\//);
  await phone.close();

  // Sales tax was owed after all: added, and invoiced as the difference.
  await page.reload();
  await setTaxAmount(page, '12.50');
  await expect(page.getByText('The tax has been added to the order.')).toBeVisible();
  await page.getByRole('button', { name: 'Invoice the difference' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Issue invoice for the difference' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('order-balance-due')).toHaveText(usd(1_250));
  // The district's check for the rest.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const record = page.getByRole('dialog');
  await expect(record.getByLabel('Amount ($)')).toHaveValue('12.50');
  await record.getByLabel('Check number or reference').fill('4410');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record).toBeHidden();
  await expect(page.getByTestId('order-balance-due')).toHaveText('$0.00');

  // The tax was $2.50: a credit note, and the $10.00 paid beyond the total sent back by check.
  await setTaxAmount(page, '2.50', 'Change tax');
  await expect(page.getByTestId('order-account')).toContainText('Credit: $10.00 paid beyond the total');
  await page.getByRole('button', { name: 'Credit note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: `Refund the payment of ${usd(1_250)}` }).click();
  const refund = page.getByRole('dialog');
  await expect(refund.getByLabel('Amount to refund ($)')).toHaveValue('10.00');
  await refund.getByLabel('Check number or reference').fill('7002');
  await refund.getByLabel(/^Why/).fill('Sales tax was $2.50, not $12.50');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByTestId('order-balance-due')).toHaveText('$0.00');
  await expect(page.getByTestId('order-account')).toContainText('Paid in full');
  await page.getByTestId('order-account').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('admin-order-account-1280.png'), fullPage: true, scale: 'css' });

  // The school's papers, from its own order page.
  const own = await browser.newContext();
  const schoolPage = await own.newPage();
  const token = await apiLogin(schoolPage, school.email, school.password, SCHOOL);
  await seedSession(schoolPage, token, SCHOOL);
  await schoolPage.goto(`/school/order/${orderKey}`);
  const paper = async (name: string | RegExp) => {
    const download = schoolPage.waitForEvent('download');
    await schoolPage.getByRole('button', { name }).click();
    return (await textOf(download)).lines;
  };
  const documents = schoolPage.getByRole('button', { name: /^Download (INV|CN)-\d+$/ });
  await expect(documents).toHaveCount(3);
  const numbers = await documents.evaluateAll((els) =>
    els.map((e) => (e.getAttribute('aria-label') ?? '').replace('Download ', '')),
  );
  const [first = '', difference = '', credit = ''] = numbers;
  expect(credit).toMatch(/^CN-/);
  await schoolPage.screenshot({
    path: test.info().outputPath('school-order-papers-1280.png'),
    fullPage: true,
    scale: 'css',
  });

  const invoice = await paper(`Download ${first}`);
  expect(invoice).toContain('INVOICE');
  expect(invoice).toContain('PO number: PO-4471');
  expect(besideLabel(invoice, 'Total')).toBe(usd(total));
  expect(besideLabel(invoice, 'Balance due')).toBe(usd(total));

  const more = await paper(`Download ${difference}`);
  expect(more).toContain('INVOICE (DIFFERENCE)');
  expect(more).toContain(`Adjusts invoice: ${first}`);
  expect(more).toContain('PO number: PO-4471');
  expect(besideLabel(more, 'Tax exempt')).toBe('No');
  expect(besideLabel(more, 'Tax change')).toBe('$12.50');
  expect(besideLabel(more, 'Total difference')).toBe('$12.50');

  const note = await paper(`Download ${credit}`);
  expect(note).toContain('CREDIT NOTE');
  expect(note).toContain(`Adjusts invoice: ${first}`);
  expect(besideLabel(note, 'Tax change')).toBe('-$10.00');
  expect(besideLabel(note, 'Total credited')).toBe('$10.00');

  const receiptButtons = schoolPage.getByRole('button', { name: /^Download the receipt of payment \d+$/ });
  await expect(receiptButtons).toHaveCount(2);
  const receipts = await receiptButtons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const [byCard = '', check = ''] = receipts;
  // The list says what of the check went back, as its receipt does.
  await expect(schoolPage.getByTestId('receipt-refunded')).toHaveText('$10.00 refunded');
  const byCheck = await paper(check);
  expect(byCheck).toContain(`We have received $12.50 for order #${order.order_id}. Thank you.`);
  expect(besideLabel(byCheck, 'Paid by')).toBe('Check or transfer');
  expect(besideLabel(byCheck, 'Refunded of it since')).toBe('$10.00');
  expect(besideLabel(await paper(byCard), 'Amount')).toBe(usd(total));

  // The statement tells it all in order, and ends where the screens do.
  const statement = await paper('Download statement');
  const items = statement.filter((line) => /^(Invoice|Payment|Credit note|Refund) /.test(line));
  const cardId = byCard.replace(/\D/g, '');
  const checkId = check.replace(/\D/g, '');
  expect(items).toEqual([
    `Invoice ${first}`,
    `Payment ${cardId} (card)`,
    `Invoice ${difference}`,
    `Payment ${checkId} (check or transfer)`,
    `Credit note ${credit}`,
    `Refund of payment ${checkId}`,
  ]);
  expect(statement.slice(-2)).toEqual(['Paid in full', '$0.00']);
  await own.close();
});
