import type {
  TSponsorshipBulkResponse,
  TSponsorshipGroup,
  TSponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, SPONSOR, seedSession } from '../support/accounts.ts';
import { usd } from '../support/orders.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The demo sponsors' sponsorships are the only ones there are (staff set them up), so each
 * test that pays works on its own: the first sponsor's Requested one (partial, then full),
 * its Approved one (declined, then paid), the second sponsor's for the bulk payment. Nothing
 * pays the first sponsor's Partial one, which keeps its Pay Now menu for the list's tests.
 */
const SECOND_SPONSOR = 'sponsor2@example.com';

async function signIn(page: Page, email: string = DEMO.sponsor) {
  const token = await apiLogin(page, email, DEMO.password, SPONSOR);
  await seedSession(page, token, SPONSOR);
  return token;
}

async function getApi<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

async function sponsorshipsOf(page: Page, token: string): Promise<TSponsorshipGroup[]> {
  return (await getApi<TSponsorshipsResponse>(page, token, 'sponsorship?year=all')).sponsorships;
}

/** The demo sponsor's sponsorship in `status` with something left to pay (each test pays a different one). */
async function unpaidIn(page: Page, token: string, status: TSponsorshipGroup['status']) {
  const found = (await sponsorshipsOf(page, token)).find((s) => s.status === status && s.left_amount > 0);
  if (!found) throw new Error(`the demo data has no ${status} sponsorship left to pay`);
  return found;
}

async function payWithCard(page: Page, number: string, cents: number) {
  await expect(page).toHaveURL(/\/pay\/test\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Sam Sponsor');
  await page.getByRole('button', { name: `Pay ${usd(cents)}` }).click();
}

test.describe('sponsorships', () => {
  test('a sponsor pays part of a sponsorship, then the rest, and the details add up to the cent', async ({ page }) => {
    test.slow();
    const token = await signIn(page);
    const s = await unpaidIn(page, token, 'Requested');
    const part = 1234;
    const rest = s.left_amount - part;

    await page.goto(`/sponsor/sponsorship/${s.sponsorship_grp_id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Sponsorship #${s.sponsorship_grp_id}` })).toBeVisible();
    await expect(page.getByTestId('sponsorship-total')).toHaveText(usd(s.total_amount));
    await expect(page.getByTestId('sponsorship-due')).toHaveText(usd(s.left_amount));
    await expect(page.getByRole('button', { name: 'Pay Full Amount' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Pay Partial Amount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay partial amount' });
    const amount = dialog.getByLabel('Amount (USD)');
    await amount.fill('12.345');
    await amount.blur();
    await expect(dialog.getByText('Please enter a valid amount (eg: 99.99)')).toBeVisible();
    const tooHigh = `Please enter an amount that does not exceed $ ${(s.left_amount / 100).toFixed(2)}`;
    await amount.fill(((s.left_amount + 1) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(dialog.getByText(tooHigh)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: tooHigh })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await amount.fill((part / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    await payWithCard(page, '4242 4242 4242 4242', part);
    await expect(page).toHaveURL(/\/sponsorship-confirmed\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText(`${usd(rest)} is left to pay`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'View Sponsorship', exact: true }).click();
    await expect(page.getByTestId('sponsorship-due')).toHaveText(usd(rest));
    await expect(page.getByTestId('sponsorship-total')).toHaveText(usd(s.total_amount));
    const transactions = page.getByRole('list', { name: 'Transactions' });
    await expect(transactions.getByRole('listitem').filter({ hasText: usd(part) })).toContainText('Confirmed');

    await page.getByRole('button', { name: 'Pay In Full' }).click();
    await payWithCard(page, '4242 4242 4242 4242', rest);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText('Your sponsorship has been paid in full.')).toBeVisible();

    await page.getByRole('link', { name: 'View Sponsorship', exact: true }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sponsorship-due')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(transactions.getByRole('listitem').filter({ hasText: usd(rest) })).toContainText('Confirmed');
  });

  test('a declined card reaches the declined page, and the sponsor pays again', async ({ page }) => {
    test.slow();
    const token = await signIn(page);
    const s = await unpaidIn(page, token, 'Approved');

    await page.goto(`/sponsor/sponsorship/${s.sponsorship_grp_id}`);
    await page.getByRole('button', { name: 'Pay Full Amount' }).click();
    await payWithCard(page, '4000 0000 0000 0002', s.left_amount);

    await expect(page).toHaveURL(/\/sponsorship-error\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment declined' })).toBeVisible();
    await expect(page.getByText('Your payment was declined, please try again.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Pay Now tries the same amount again, straight on the gateway's page (spec §2).
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, '4242 4242 4242 4242', s.left_amount);
    await expect(page).toHaveURL(/\/sponsorship-confirmed\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await page.getByRole('link', { name: 'View Sponsorship', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/sponsor/sponsorship/${s.sponsorship_grp_id}$`));
    const attempts = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await expect(attempts.filter({ hasText: 'Failed' })).toContainText(usd(s.left_amount));
    await expect(attempts.filter({ hasText: 'Confirmed' })).toContainText(usd(s.left_amount));
  });

  test('a sponsor pays the sponsorships it ticks in one bulk payment', async ({ page }) => {
    test.slow();
    const token = await signIn(page, SECOND_SPONSOR);
    const bulk = await getApi<TSponsorshipBulkResponse>(page, token, 'sponsorshipbulk');
    expect(bulk.sponsorships.length, 'the second demo sponsor has something left to pay').toBeGreaterThan(0);
    const [paid, ...others] = bulk.sponsorships;
    if (!paid) return;

    await page.goto('/sponsor/checkout');
    await expect(page.getByTestId('bulk-total')).toHaveText(usd(bulk.total_bulk_amount));
    for (const s of bulk.sponsorships) {
      await expect(page.getByRole('checkbox', { name: `Include sponsorship #${s.sponsorship_grp_id}` })).toBeChecked();
    }
    await expectNoSeriousA11yViolations(page);

    // Nothing ticked: nothing to pay.
    for (const s of bulk.sponsorships) {
      await page.getByRole('checkbox', { name: `Include sponsorship #${s.sponsorship_grp_id}` }).uncheck();
    }
    await expect(page.getByTestId('bulk-total')).toHaveText(usd(0));
    await expect(page.getByText('Please select at least one sponsorship to continue.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();

    await page.getByRole('checkbox', { name: `Include sponsorship #${paid.sponsorship_grp_id}` }).check();
    await expect(page.getByTestId('bulk-total')).toHaveText(usd(paid.total_amount));
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, '4242 4242 4242 4242', paid.total_amount);

    await expect(page).toHaveURL(/\/bulksponsorship-confirmed\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'View Sponsorships' }).click();
    await expect(page).toHaveURL(/\/sponsor\/sponsorships$/);

    const after = await sponsorshipsOf(page, token);
    expect(after.find((s) => s.sponsorship_grp_id === paid.sponsorship_grp_id)?.status).toBe('Completed');
    for (const s of others) {
      expect(after.find((a) => a.sponsorship_grp_id === s.sponsorship_grp_id)?.left_amount).toBe(s.total_amount);
    }
  });

  test('the list filters by year in the address and offers Pay Now while something is unpaid @phone', async ({
    page,
  }, testInfo) => {
    test.slow();
    const token = await signIn(page);
    const all = await sponsorshipsOf(page, token);
    const phone = testInfo.project.name === 'phone';

    await page.goto('/sponsor/sponsorships');
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsorships' })).toBeVisible();
    const newest = all[0] as TSponsorshipGroup;
    if (phone) {
      await expect(
        page.getByRole('list', { name: 'Sponsorships' }).getByRole('link', {
          name: `Sponsorship #${newest.sponsorship_grp_id}`,
        }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } else {
      const row = page.getByRole('row').filter({ hasText: `#${newest.sponsorship_grp_id}` });
      await expect(row).toContainText(newest.total_amount_html);
      await expect(row.getByRole('link', { name: `View sponsorship #${newest.sponsorship_grp_id}` })).toBeVisible();
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe('sponsorships.csv');
    const printTab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Print' }).click();
    const printable = await printTab;
    await expect(printable.locator('body')).toContainText(`${newest.sponsorship_grp_id}`);
    await printable.close();
    await expectNoSeriousA11yViolations(page);

    // Last school year's are all paid: no Pay Now there.
    const lastYear = Math.min(...all.map((s) => s.year));
    await page.getByLabel('Year').selectOption(String(lastYear));
    await expect(page).toHaveURL(new RegExp(`\\?year=${lastYear}$`));
    await expect(page.getByText('Completed', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Year')).toHaveValue(String(lastYear));

    await page.getByLabel('Year').selectOption('all');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('menuitem', { name: 'Pay partial amount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay partial amount' });
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(dialog.getByText('Please enter an amount')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('menuitem', { name: 'Pay in full' }).click();
    await expect(page).toHaveURL(/\/sponsor\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay Sponsorships' })).toBeVisible();
    await expect(page.getByTestId('bulk-total')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('opens the sponsorship’s summary as a PDF in a new tab', { tag: '@whole-browser' }, async ({
    page,
    context,
  }) => {
    const token = await signIn(page);
    const done = (await sponsorshipsOf(page, token)).find((s) => s.status === 'Completed');
    if (!done) throw new Error('the demo data has no Completed sponsorship');
    expect(done.invoice_link).toBe(`/api/sponsorshipsummary?sponsorship_id=${done.sponsorship_grp_id}`);
    await page.goto(`/sponsor/sponsorship/${done.sponsorship_grp_id}`);

    const [tab, response] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (r) => r.url().includes('/api/sponsorshipdocument/')),
      page.getByRole('button', { name: 'Download Sponsorship Summary' }).click(),
    ]);
    expect(response.status()).toBe(200);
    // The tab opened at the click, then was sent to the short link.
    await expect.poll(() => tab.url()).toContain('/api/sponsorshipdocument/');
    // The new tab carries no session: its link alone opens the document, as a PDF for the viewer.
    const opened = await page.request.get(response.url());
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(opened.headers()['content-disposition']).toBe(
      `inline; filename="sponsorship-summary-${done.sponsorship_grp_id}.pdf"`,
    );
    expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab.close();
    await expect(
      page.getByRole('heading', { level: 1, name: `Sponsorship #${done.sponsorship_grp_id}` }),
    ).toBeVisible();
  });

  test('another sponsor’s sponsorship and an unknown payment are not found', async ({ page }) => {
    const otherToken = await apiLogin(page, SECOND_SPONSOR, DEMO.password, SPONSOR);
    const [theirs] = await sponsorshipsOf(page, otherToken);
    await signIn(page);

    await page.goto(`/sponsor/sponsorship/${theirs?.sponsorship_grp_id}`);
    await expect(page.getByText('Sponsorship not found')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/sponsorship-confirmed/no-such-payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
    await page.goto('/bulksponsorship-error/no-such-payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
