import { MSG } from '@portal/contracts/messages';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, callApi, DEMO, SCHOOL, seedSession, staffLogin, uniqueEmail } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('the back office', () => {
  test('an administrator signs in at the employee login, and is let straight back in', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Employee Login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toBeVisible();

    // Signed in, the employee login leads straight back in.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an administrator reads the audit log, searches it and opens a change', async ({ page }) => {
    const { token, usertype } = await staffLogin(page, DEMO.admin);
    await seedSession(page, token, usertype);
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // Sign-ins are there, read as words, with the address they came from.
    const signIn = page.getByRole('row').filter({ hasText: 'Signed in' }).first();
    await expect(signIn).toContainText(/User account #\d+/);
    await expect(signIn).toContainText(/from \d+\.\d+\.\d+\.\d+/);
    await page.getByLabel('Search').fill('no change has these words');
    await expect(page).toHaveURL(/q=no\+change/);
    await expect(page.getByText('No changes match.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue('no change has these words');

    // A change made meanwhile is there, found by its words, with what it wrote.
    const company = `Audit Trail Bakery ${Date.now().toString(36)}`;
    const created = await callApi<{ user_id: number }>(
      page,
      'admin/sponsors',
      {
        business_name: company,
        primary_name: 'Ada Audit',
        primary_email: uniqueEmail('audit'),
        primary_phone: '(813) 555-0150',
        phone_number: '813.555.0151',
        website: '',
        secondary_name: '',
        secondary_email: '',
        secondary_phone: '',
      },
      token,
    );
    await page.getByLabel('Search').fill(company);
    const row = page.getByRole('row').filter({ hasText: `Sponsor #${created.user_id}` });
    await expect(row).toContainText('Created');
    await row.click();
    const change = page.getByRole('table').filter({ hasText: 'Before' });
    await expect(change.getByRole('row', { name: `business_name — ${company}`, exact: true })).toBeVisible();
  });

  test('a sales rep sees the sections of a rep and her own sponsors only, and no audit log', async ({ page }) => {
    const { token, usertype } = await staffLogin(page, DEMO.rep);
    await seedSession(page, token, usertype);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin');
    await expect(page.getByText('Sales representative', { exact: true })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome, Rita Delgado' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Problem payments' })).toHaveCount(0);

    // Her own sponsors only: another rep's is neither listed nor found by its name.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Sponsors', exact: true })
      .click();
    await expect(page.getByRole('cell', { name: 'Sunshine Dental Care' })).toBeVisible();
    await expect(page.getByText('Gulf Coast Realty')).toHaveCount(0);
    await page.getByLabel('Search').fill('Gulf Coast');
    await expect(page.getByText('Gulf Coast Realty')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Sunshine Dental Care' })).toHaveCount(0);
    await page.goto('/admin/audit-log');
    await expect(page).toHaveURL(/\/admin$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('a school is sent to the employee login, and cannot sign in there', async ({ page }) => {
    const token = await apiLogin(page, DEMO.school, DEMO.password, SCHOOL);
    await seedSession(page, token, SCHOOL);
    await page.goto('/admin/audit-log');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(DEMO.school);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(MSG.wrongDoorSchool).first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
