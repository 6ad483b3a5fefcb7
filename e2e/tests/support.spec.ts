import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, SPONSOR, seedSession } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('Help and Support', () => {
  test('a school reads the answers of a topic it chooses, beside its own menu @phone', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Help and Support' })).toBeVisible();

    const topics = page.getByRole('navigation', { name: 'Help topics' });
    await expect(topics.getByRole('link')).toHaveText([/Account/, /Payment/, /Delivery/, /Product/]);
    await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Orders' })).toHaveCount(
      1,
    );

    await topics.getByRole('link', { name: /Payment/ }).click();
    await expect(page).toHaveURL(/\/school\/support\?topic=payment$/);
    await expect(topics.getByRole('link', { name: /Payment/ })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Which payment options can we choose?' }).click();
    await expect(page.getByText('Invoice after delivery: we invoice you once the order is delivered.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'How do I pay for my sponsorships?' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a sponsor reads the answers written for sponsors', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/sponsor/support?topic=payment');
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sponsorships' }),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'How do I pay for my sponsorships?' }).click();
    await expect(page.getByText('pay several sponsorships at once', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Which payment options can we choose?' })).toHaveCount(0);
  });
});
