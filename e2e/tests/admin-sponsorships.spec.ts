import { businessDay } from '@portal/contracts/business-time';
import { MSG } from '@portal/contracts/messages';
import type { TSponsorshipsResponse } from '@portal/contracts/sponsorships';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, callApi, DEMO, openBackOffice, postApi, SPONSOR, seedSession } from '../support/accounts.ts';
import { sponsorWithPayLink } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

const ADMIN = 'admin@example.com';

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function staffSignIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Fills item `n` (1-based) of the sponsorship form. */
async function fillItem(page: Page, n: number, item: Record<string, string>) {
  const card = page.getByRole('group', { name: `Item ${n}`, exact: true });
  for (const [label, value] of Object.entries(item)) {
    if (label === 'County') {
      await card.getByRole('combobox', { name: 'County' }).fill(value);
      await page.getByRole('option', { name: value, exact: true }).click();
    } else {
      await card.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
  }
}

test.describe('sponsorships in the back office', () => {
  test('an administrator sets one up with two items, approves it, records a check and sends a pay link', async ({
    page,
    browser,
  }) => {
    test.slow();
    await staffSignIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Sponsorships' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsorships' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'New sponsorship' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New sponsorship' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Sponsor', exact: true }).fill('Sunshine');
    await page.getByRole('option', { name: /Sunshine Dental Care/ }).click();
    await fillItem(page, 1, {
      'Sponsorship type': 'Student planner ad',
      County: 'Hillsborough',
      'Book name': 'Elementary planner',
      'School name': 'Bayshore Elementary School',
      'Ad size': 'Half page',
      Quantity: '2',
      'Rate ($)': '125.50',
      Artwork: 'Sponsor provides artwork',
      'Artwork price ($)': '40',
    });
    await page.getByRole('button', { name: 'Add an item' }).click();
    await fillItem(page, 2, { 'Sponsorship type': 'Car rider dismissal tags', Quantity: '300', 'Rate ($)': '0.85' });
    // 2 × $125.50 + $40.00 + 300 × $0.85 = $546.00
    await expect(page.getByText('Total (worked out again by the server when saved): $546.00')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create sponsorship' }).click();

    const heading = page.getByRole('heading', { level: 1, name: /^Sponsorship #\d+$/ });
    await expect(heading).toBeVisible();
    const id = Number((await heading.textContent())?.replace(/\D/g, ''));
    await expect(page.getByText('Requested', { exact: true })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Facts', exact: true });
    await expect(facts).toContainText('$546.00');
    const items = page.getByRole('region', { name: 'Items', exact: true });
    await expect(items.getByRole('row')).toHaveCount(3);
    await expect(items).toContainText('$291.00');
    await expect(items).toContainText('$255.00');

    // Nothing is paid yet: its items may change, and the server prices them again.
    await page.getByRole('button', { name: 'Edit items' }).click();
    await fillItem(page, 2, { Quantity: '400' });
    await page.getByRole('button', { name: 'Save items' }).click();
    await expect(facts).toContainText('$631.00');
    await expect(items).toContainText('$340.00');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Record a payment' }).click();
    const record = page.getByRole('dialog', { name: 'Record a check or bank transfer' });
    await expect(record.getByLabel('Amount ($)')).toHaveValue('631.00');
    await record.getByLabel('Amount ($)').fill('700');
    await record.getByLabel('Check number or reference').fill('1042');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expect(record.getByText('Please enter an amount that does not exceed $ 631.00')).toBeVisible();
    await record.getByLabel('Amount ($)').fill('200.00');
    // The refusal's toast may lie over the dialog's button: Enter sends the form as well.
    await record.getByLabel('Amount ($)').press('Enter');
    await expect(record).toBeHidden();
    await expect(page.getByText('Partial', { exact: true })).toBeVisible();
    const transactions = page.getByRole('region', { name: 'Transactions', exact: true });
    await expect(transactions.getByRole('row').filter({ hasText: 'Check 1042' })).toContainText('$200.00');
    await expect(page.getByText('Items can be changed only while nothing is paid.')).toBeVisible();

    await page.getByRole('button', { name: 'Send a pay link' }).click();
    const send = page.getByRole('dialog', { name: 'E-mail a pay link' });
    await expect(send.getByText('Leave blank for what is left when it is used (now $431.00).')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(send).toBeHidden();
    const links = page.getByRole('region', { name: 'Pay links sent', exact: true });
    await expect(links.getByRole('row').filter({ hasText: 'What is left' })).toHaveCount(1);
    // The link is shown this once, to copy: the server keeps only its key's hash.
    const sent = links.getByTestId('sent-pay-link');
    await expect(sent).toContainText(/Pay link sent to \S+@\S+/);
    await expect(sent.getByRole('textbox', { name: 'The link' })).toHaveValue(/\/sponsorship-pay\/[\w-]{43}$/);
    await expect(sent.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const history = page.getByRole('region', { name: 'History', exact: true });
    for (const action of ['create', 'edit-items', 'approve', 'pay-offline', 'pay-link']) {
      await expect(history.getByRole('cell', { name: action, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    // Once the screen is left, it is gone for good.
    await page.reload();
    await expect(links.getByRole('row').filter({ hasText: 'What is left' })).toHaveCount(1);
    await expect(page.getByTestId('sent-pay-link')).toHaveCount(0);

    // The list has it, with what is left.
    await page.goto(`/admin/sponsorships?q=Sunshine&status=Partial&sort=id&dir=desc`);
    const row = page.getByRole('row').filter({ hasText: `#${id}` });
    await expect(row).toContainText('Sunshine Dental Care');
    await expect(row).toContainText('$431.00');

    // At 375 px, nothing runs off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await page.goto(`/admin/sponsorships/${id}`);
    await expect(heading).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('sponsorship-375.png'), fullPage: true, scale: 'css' });

    // The sponsor's own list shows it Partial, and its check by reference.
    const sponsorPage = await (await browser.newContext()).newPage();
    const token = await apiLogin(sponsorPage, DEMO.sponsor, DEMO.password, SPONSOR);
    const response = await sponsorPage.request.get('/api/sponsorship?year=all', {
      headers: { authorization: `Bearer ${token}` },
    });
    const mine = ((await response.json()) as TSponsorshipsResponse).sponsorships.find(
      (s) => s.sponsorship_grp_id === id,
    );
    expect(mine).toMatchObject({ status: 'Partial', total_amount: 63_100, left_amount: 43_100 });
    await seedSession(sponsorPage, token, SPONSOR);
    await sponsorPage.goto('/sponsor/sponsorships');
    const theirs = sponsorPage.getByRole('row').filter({ hasText: `#${id}` });
    await expect(theirs).toContainText('Partial');
    await sponsorPage.goto(`/sponsor/sponsorship/${id}`);
    await expect(sponsorPage.getByRole('list', { name: 'Transactions' })).toContainText('Check 1042');
    // The sponsor starts paying the rest by card, and leaves the card page half-way.
    const started = await postApi(
      sponsorPage,
      'sponsorshippayment',
      { sponsorship_id: String(id), amount: '431.00' },
      token,
    );
    expect(started.status(), await started.text()).toBe(200);
    await sponsorPage.context().close();

    // Staff see the checkout holding the rest, close it, and may record the rest another way.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    const payments = page.getByRole('region', { name: 'Transactions', exact: true });
    await expect(payments.getByText('Payments in progress')).toBeVisible();
    await payments.getByRole('button', { name: 'Close checkout of $431.00' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close this checkout?' });
    await expect(confirm).toContainText('no longer be able to pay $431.00');
    await confirm.getByRole('button', { name: 'Close checkout' }).click();
    await expect(page.getByText('Checkout closed: what it held may be paid another way.')).toBeVisible();
    await expect(payments.getByText('Payments in progress')).toHaveCount(0);
    await page.getByRole('button', { name: 'Record a payment' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Record a check or bank transfer' }).getByLabel('Amount ($)'),
    ).toHaveValue('431.00');
  });
});

test('an administrator gives back part of a sponsor’s check; the payments show what went back', async ({ page }) => {
  const made = await sponsorWithPayLink(500_00, { linked: false });
  const staffToken = await openBackOffice(page, '/admin');
  await callApi(
    page,
    `admin/sponsorships/${made.sponsorshipId}/offline-payment`,
    { method: 'check', amount: '500.00', reference: '4410', received_on: businessDay(new Date()) },
    staffToken,
  );
  await page.goto(`/admin/sponsorships/${made.sponsorshipId}`);
  await page.getByRole('button', { name: 'Refund the payment of $500.00' }).click();
  const form = page.getByRole('form', { name: 'Refund a payment' });
  await form.getByLabel('Amount to refund ($)').fill('120.00');
  await form.getByLabel('Check number or reference').fill('Check 7001');
  await form.getByLabel('Why (the sponsor reads it)').fill('Half-page ad instead of full');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(MSG.adminRefundRecorded)).toBeVisible();
  const payments = page.getByRole('region', { name: 'Transactions table' });
  await expect(payments.getByRole('row', { name: /Check 7001 -\$120\.00/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund the payment of $500.00' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
