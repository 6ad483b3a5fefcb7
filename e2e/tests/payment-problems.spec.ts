import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, openBackOffice, postApi, SPONSOR } from '../support/accounts.ts';
import { usd } from '../support/orders.ts';
import { disputeReported, gatewayWillTake, payOnTestGateway, sponsorWithPayLink } from '../support/pay-links.ts';
import { expect, test } from '../support/test.ts';

test('a sponsor’s card is charged another amount than asked; an administrator finds it and refunds it, and the sponsor can pay again', async ({
  page,
}) => {
  test.slow();
  // A sponsorship of $300; the sponsor starts paying all of it, and the gateway takes $320.
  const sponsor = await sponsorWithPayLink(30_000, { linked: false });
  const token = await apiLogin(page, sponsor.email, DEMO.password, SPONSOR);
  const pay = () =>
    postApi(page, 'sponsorshippayment', { sponsorship_id: String(sponsor.sponsorshipId), amount: '300.00' }, token);
  const started = await pay();
  expect(started.status(), await started.text()).toBe(200);
  const { paymentLink } = (await started.json()) as { paymentLink: string };
  const paymentId = await gatewayWillTake(paymentLink, 32_000);
  await page.goto(paymentLink);
  await payOnTestGateway(page, '4242 4242 4242 4242', 32_000);
  await page.waitForURL((url) => !url.pathname.startsWith('/pay/test/'));
  // Held while it awaits a decision: the sponsor cannot pay the same $300 twice.
  expect((await pay()).status()).toBe(409);

  // The back office's start page counts it, and leads to the list.
  await openBackOffice(page, '/admin');
  await page.getByRole('link', { name: /^Problem payments: [1-9]\d*$/ }).click();
  await expect(page.getByRole('heading', { name: 'Problem payments', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `#${paymentId}` });
  await expect(row).toContainText('Another amount was paid');
  await expect(row).toContainText(sponsor.companyName);
  await expect(row).toContainText(usd(30_000));
  await expect(row).toContainText(usd(32_000));
  await expect(row.getByRole('link', { name: `Sponsorship #${sponsor.sponsorshipId}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: `Decide payment #${paymentId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Refund it to the card' }).check();
  await dialog.getByRole('button', { name: 'Decide' }).click();
  await expect(dialog.getByText('Say why, for the record')).toBeVisible();
  await dialog.getByLabel('Why (kept in the history)').fill('Charged $320 for $300: given back in full.');
  await dialog.getByRole('button', { name: 'Decide' }).click();
  await expect(page.getByText('Refund asked for: the payment counts for nothing.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `#${paymentId}` })).toHaveCount(0);

  // Released: the sponsor pays the $300 again.
  const again = await pay();
  expect(again.status(), await again.text()).toBe(200);
  const paid = (await again.json()) as { paymentLink: string };
  await page.goto(paid.paymentLink);
  await payOnTestGateway(page, '4242 4242 4242 4242', 30_000);
  await page.waitForURL((url) => !url.pathname.startsWith('/pay/test/'));

  // Weeks later the sponsor's bank disputes that charge: the start page counts it, and the
  // list says by when to answer.
  await disputeReported(paid.paymentLink, 30_000, new Date('2027-01-15T23:59:59Z'));
  await openBackOffice(page, '/admin');
  await page.getByRole('link', { name: /^Card disputes: [1-9]\d*$/ }).click();
  await expect(page.getByRole('heading', { name: 'Card disputes', level: 2 })).toBeVisible();
  const dispute = page.locator('#card-disputes').getByRole('row').filter({ hasText: sponsor.companyName });
  await expect(dispute).toHaveCount(1);
  await expect(dispute).toContainText('Open');
  await expect(dispute).toContainText('Product not received');
  await expect(dispute).toContainText('Answer by Jan 15, 2027');
  await expect(dispute).toContainText(sponsor.companyName);
  await expect(dispute.getByRole('link', { name: `Sponsorship #${sponsor.sponsorshipId}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
