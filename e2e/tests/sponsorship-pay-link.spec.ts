import type { TSponsorshipPayLinkResponse } from '@portal/contracts/pay-links';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { usd } from '../support/orders.ts';
import {
  expectNoSidewaysScroll,
  paymentsStartedFor,
  payOnTestGateway,
  sponsorWithPayLink,
} from '../support/pay-links.ts';
import { expect, test } from '../support/test.ts';

const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';

test.describe('sponsorship pay links', () => {
  test('signed out, a sponsor pays by the link: declined, Pay Now, paid in full', async ({ page }) => {
    test.slow();
    const cents = 45_678;
    const made = await sponsorWithPayLink(cents);

    // A phone's width: the page must fit it.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/sponsorship-pay/${made.linkKey}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay your sponsorship' })).toBeVisible();
    await expect(page.getByText(made.companyName)).toBeVisible();
    await expect(page.getByText(`Sponsorship #${made.sponsorshipId}, ${new Date().getFullYear()}`)).toBeVisible();
    await expect(page.getByTestId('pay-link-total')).toHaveText(usd(cents));
    await expect(page.getByTestId('pay-link-paid')).toHaveText('$0.00');
    await expect(page.getByTestId('pay-link-due')).toHaveText(usd(cents));
    await expect(page.getByTestId('pay-link-amount')).toHaveText(usd(cents));
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('pay-link-375.png'), fullPage: true, scale: 'css' });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payOnTestGateway(page, DECLINED_CARD, cents);
    await expect(page).toHaveURL(/\/sponsorship-payment-error\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment declined' })).toBeVisible();
    await expect(page.getByText('Your payment was declined, please try again.')).toBeVisible();
    await expect(page.getByTestId('sponsorship-left')).toHaveText(usd(cents));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/sponsorship-pay/${made.linkKey}$`));
    // Pressed twice, it starts one payment.
    await page.getByRole('button', { name: 'Pay Now' }).dblclick();
    await payOnTestGateway(page, GOOD_CARD, cents);
    await expect(page).toHaveURL(/\/sponsorship-payment-confirmed\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Received' })).toBeVisible();
    await expect(page.getByText(`We have received your payment of ${usd(cents)}`)).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(usd(cents));
    await expect(page.getByTestId('sponsorship-status')).toHaveText('Completed');
    await expect(page.getByTestId('sponsorship-left')).toHaveText('$0.00');
    await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
    // The declined attempt and the paid one: the double click started no third.
    expect(await paymentsStartedFor(made.sponsorshipId)).toBe(2);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('payment-confirmed-375.png'), fullPage: true, scale: 'css' });

    // The link now says it is paid, and an unknown one says it is not valid.
    await page.goto(`/sponsorship-pay/${made.linkKey}`);
    await expect(page.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
    await expect(page.getByTestId('pay-link-due')).toHaveText('$0.00');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await page.goto('/sponsorship-pay/no-such-link');
    await expect(page.getByRole('heading', { name: 'Payment link not found' })).toBeVisible();
    await expect(page.getByText('This payment link is not valid.', { exact: false })).toBeVisible();
  });

  test('the demo’s pay link answers what it pays without a session', async ({ page }) => {
    const response = await page.request.get('/api/sponsorshippaylink?link_key=demo-sponsorship-pay-link');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as TSponsorshipPayLinkResponse;
    expect(body.company_name).toBe('Sunshine Dental Care');
    // Another test may pay the demo's Approved sponsorship meanwhile: then nothing is left to charge.
    expect(body.amount).toBe(body.left_amount);
  });
});
