import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, SPONSOR, seedSession, uniqueEmail } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('school profile', () => {
  test('edits the details, checking a new e-mail address with the server @phone', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const city = page.getByRole('group', { name: 'School', exact: true }).getByLabel('City');
    await expect(city).toHaveValue('Tampa');
    await expectNoSeriousA11yViolations(page);

    const email = page.getByRole('group', { name: 'Primary contact' }).getByLabel('Email');
    const save = page.getByRole('button', { name: 'Save changes' });
    await email.fill(DEMO.sponsor);
    await expect(page.getByText('Email address is already in use')).toBeVisible();
    await expect(save).toBeDisabled();

    const newEmail = uniqueEmail('moved');
    await email.fill(newEmail);
    await expect(page.getByText('Email address is available')).toBeVisible();
    await city.fill('Brandon');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your details have been saved.' })).toBeVisible();

    await page.reload();
    await expect(city).toHaveValue('Brandon');
    await expect(email).toHaveValue(newEmail);
  });

  test('a school without details is sent from the dashboard to fill them in', async ({ page }) => {
    const school = await registerSchool(page);
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/dashboard');
    await expect(page).toHaveURL(/\/school\/details$/);
  });
});

test.describe('sponsor profile', () => {
  test('shows the sales representative read-only and checks a new e-mail address @phone', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/sponsor/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const rep = page.getByRole('textbox', { name: 'Sales representative' });
    await expect(rep).toHaveValue(DEMO.salesRep);
    await expect(rep).toHaveAttribute('readonly');
    const sidebar = page.getByRole('navigation', { name: 'Account' });
    await expect(sidebar.getByRole('link', { name: 'Sponsorships' })).toHaveAttribute('href', '/sponsor/sponsorships');
    await expect(page.getByRole('region', { name: 'Reset Password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const email = page.getByRole('group', { name: 'Primary contact' }).getByLabel('Email');
    await email.fill(DEMO.school);
    await expect(page.getByText('Email address is already in use')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    // Its own address is always fine, without asking the server.
    await email.fill(DEMO.sponsor);
    await expect(page.getByText('Email address is already in use')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  test('the details screen shows the assigned sales representative instead of a choice', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/sponsor/details');
    await expect(page.getByRole('heading', { level: 1, name: 'Fill Sponsor Details' })).toBeVisible();
    await expect(page.getByLabel('Business name')).not.toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Sales representative' })).toHaveValue(DEMO.salesRep);
    await expect(page.getByRole('combobox', { name: 'Sales representative' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
