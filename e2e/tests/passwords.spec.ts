import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { passwordLinkFor, registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('passwords', () => {
  test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const school = await registerSchool(page);
    await page.goto('/school/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const sent = /If an account exists for that e-mail address/;
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: sent })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Back to Login goes back in history, to the login the user came from.
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/school\/login$/);

    await page.goto(await passwordLinkFor(page, school.email));
    await expect(page.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fresh-password-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('fresh-password-2');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set Password' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('fresh-password-1');
    await expectNoSeriousA11yViolations(page);
    // Too short is said as it is typed; too common, by the server, under the same field.
    const fresh = page.getByRole('textbox', { name: 'New password', exact: true });
    await fresh.fill('fresh-1');
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await fresh.fill('Sunshine1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Sunshine1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    // Under the field (the toast says it too).
    await expect(
      page.locator('form').getByText('This password is too common; choose one that is harder to guess'),
    ).toBeVisible();
    await fresh.fill('fresh-password-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('fresh-password-1');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Your password has been set.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Password Saved' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in as School' }).click();
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fresh-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    // A school without details is sent to fill them in first.
    await expect(page).toHaveURL(/\/school\/details$/);
  });

  test('a used or unknown link says so and offers a new one', async ({ page }) => {
    await page.goto('/set-password/not-a-real-key');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fresh-password-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('fresh-password-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    await expectNoSeriousA11yViolations(page);
  });

  test('a school changes its password on the profile and signs in with it', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/profile');
    const card = page.getByRole('region', { name: 'Change Password' });
    const current = card.getByRole('textbox', { name: 'Current password', exact: true });
    const update = card.getByRole('button', { name: 'Update password' });
    await card.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-pass-9');
    await card.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('changed-pass-9');
    // The current password comes first, and the server says when it is wrong.
    await expect(update).toBeDisabled();
    await current.fill('not-my-password');
    await update.click();
    await expect(card.getByText('Current password is incorrect')).toBeVisible();
    await current.fill(school.password);
    await update.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');
    await expect(current).toHaveValue('');

    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await reloaded;
    await page.goto('/school/login');
    await page.getByLabel('Email').fill(school.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('changed-pass-9');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/school\/dashboard$/);
  });
});
