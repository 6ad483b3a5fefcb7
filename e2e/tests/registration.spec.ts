import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { DEMO, uniqueEmail } from '../support/accounts.ts';
import { expect, type Page, test } from '../support/test.ts';

async function fillSchoolDetails(page: Page) {
  const school = page.getByRole('group', { name: 'School', exact: true });
  await school.getByLabel('School name').fill('Seagrape Middle School');
  await school.getByLabel('Phone').fill('(813) 555-0177');
  await school.getByLabel('Address').fill('42 Seagrape Blvd');
  await school.getByLabel('City').fill('Tampa');
  await school.getByRole('combobox', { name: 'State' }).selectOption('Florida');
  await school.getByRole('combobox', { name: 'County' }).selectOption('Hillsborough');
  await school.getByLabel('Zip code').fill('33606');
  await school.getByLabel('Website').fill('seagrape.example.org');
  await school.getByLabel('Average enrollment (optional)').fill('612');
  await school.getByRole('radio', { name: 'Yes' }).check();

  const principal = page.getByRole('group', { name: 'Principal or head of school' });
  await principal.getByLabel('Name').fill('Morgan Reyes');
  await principal.getByLabel('Email').fill('principal@seagrape.example.org');

  const primary = page.getByRole('group', { name: 'Primary contact' });
  await primary.getByLabel('Name').fill('Casey Lin');
  await primary.getByLabel('Position').fill('Bookkeeper');
  await primary.getByRole('textbox', { name: 'Phone', exact: true }).fill('8135550178');
}

test.describe('school registration', () => {
  test('register, fill the school details, land on the dashboard @phone', async ({ page }) => {
    // Several screens and accessibility scans in one journey.
    test.slow();
    const email = uniqueEmail('register');
    await page.goto('/school/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Register as School' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByLabel('Email').focus();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    // Long enough, but among the passwords most often breached: the server says so under the field.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Password123');
    await expect(page.getByText('Email address is available')).toBeVisible();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(
      page
        .getByRole('form', { name: 'Register as School' })
        .getByText('This password is too common; choose one that is harder to guess'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/school\/register$/);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/school\/details$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fill School Details' })).toBeVisible();
    const primaryEmail = page.getByRole('group', { name: 'Primary contact' }).getByLabel('Email');
    await expect(primaryEmail).toHaveValue(email);
    await expect(primaryEmail).toHaveAttribute('readonly');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // The county list follows the state; a county of another state is cleared.
    const state = page.getByRole('group', { name: 'School', exact: true }).getByRole('combobox', { name: 'State' });
    const county = page.getByRole('group', { name: 'School', exact: true }).getByRole('combobox', { name: 'County' });
    await expect(county).toBeDisabled();
    await state.selectOption('Georgia');
    await county.selectOption('Fulton');
    await state.selectOption('Florida');
    await expect(county).toHaveValue('');

    await fillSchoolDetails(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/school\/dashboard$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Products View current products', '/products'],
      ['Orders Place and manage orders', '/school/orders'],
      ['Profile Manage your profile details', '/school/profile'],
      ['Contact Us Questions about products and orders', '/contact'],
    ]) {
      await expect(main.getByRole('link', { name })).toHaveAttribute('href', href as string);
    }
    await expect(main.getByText('Welcome, Seagrape Middle School.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an address already in use is refused before sending, and a referral code is shown @phone', async ({ page }) => {
    await page.goto('/school/register?code=FRIEND42');
    await expect(page.getByRole('textbox', { name: 'Referral code' })).toHaveValue('FRIEND42');
    await page.getByLabel('Email').fill(DEMO.sponsor);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
    await expect(page.getByText('Email address is already in use')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();

    await page.getByLabel('Email').fill(uniqueEmail('free'));
    await expect(page.getByText('Email address is already in use')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Log in as School' })).toHaveAttribute('href', '/school/login');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('sponsor contact form', () => {
  test('asks to be registered as a sponsor and thanks the visitor @phone', async ({ page }) => {
    await page.goto('/sponsor/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('Please contact us to register as Sponsor.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'Sponsor request' });
    await form.getByLabel('Business name').focus();
    await form.getByLabel('Full name').focus();
    await expect(form.getByText('Business name is required')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await form.getByLabel('Full name').fill('Avery Stone');
    await form.getByLabel('Email').fill(uniqueEmail('sponsor-request'));
    await form.getByLabel('Phone').fill('8135550199');
    await form.getByLabel('Business name').fill('Stone & Sons Hardware');
    await form.getByRole('combobox', { name: 'State' }).selectOption('Florida');
    await form.getByLabel('City').fill('Brandon');
    await expect(form.getByLabel('Your Message')).toBeVisible();
    await form.getByRole('combobox', { name: 'Topic (optional)' }).selectOption('Question');
    await form.getByLabel('Your Question').fill('How do we sponsor planners for two schools?');
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your interest.' })).toBeVisible();
    await expect(page.getByText('Thank you for contacting us! We will get back to you soon.')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });
});
