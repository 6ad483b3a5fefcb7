import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A school with its details saved (phone 8135550100), on its profile. */
async function openSchoolProfile(page: Page) {
  const school = await registerSchool(page, { withDetails: true });
  await seedSession(page, school.token, SCHOOL);
  await page.goto('/school/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  return page.getByRole('form', { name: 'School details' });
}

/** Zod's own wording ("Invalid input: expected …", "Too big: …") must never reach the page. */
async function expectNoLibraryText(page: Page) {
  await expect(page.getByText(/Invalid input|expected|Too big|Too small/)).toHaveCount(0);
}

test.describe('field messages and phone numbers', () => {
  test('a phone number typed with +1 and brackets is saved and reads back formatted', async ({ page }) => {
    const form = await openSchoolProfile(page);
    const phone = form.getByRole('group', { name: 'School', exact: true }).getByRole('textbox', { name: 'Phone' });
    // The saved digits read as people write them.
    await expect(phone).toHaveValue('(813) 555-0100');

    await phone.fill('12345');
    await phone.blur();
    await expect(form.getByText('Enter a 10-digit phone number')).toBeVisible();
    await phone.fill('');
    await expect(form.getByText('Phone number is required')).toBeVisible();

    await phone.fill('+1 (813) 555-0142');
    await phone.blur();
    await expect(phone).toHaveValue('(813) 555-0142');
    await expect(form.getByText('Enter a 10-digit phone number')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
    // After saving, the form holds the stored digits; they still read formatted.
    await expect(phone).toHaveValue('(813) 555-0142');

    await page.reload();
    await expect(phone).toHaveValue('(813) 555-0142');
  });

  test('letters in average enrollment and a malformed principal e-mail say what is wrong', async ({ page }) => {
    const form = await openSchoolProfile(page);
    const enrollment = form.getByRole('textbox', { name: 'Average enrollment (optional)' });
    await enrollment.fill('lots');
    await enrollment.blur();
    await expect(form.getByText('Please enter a whole number')).toBeVisible();

    const principal = form.getByRole('group', { name: 'Principal or head of school' });
    const email = principal.getByRole('textbox', { name: 'Email' });
    await email.fill('not-an-email');
    await email.blur();
    await expect(principal.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(principal.getByText('Principal or head of school email is required')).toHaveCount(0);
    await email.fill('');
    await expect(principal.getByText('Principal or head of school email is required')).toBeVisible();

    const secondary = form.getByRole('group', { name: 'Secondary contact' });
    const secondaryEmail = secondary.getByRole('textbox', { name: 'Email' });
    await secondaryEmail.fill('alex@');
    await secondaryEmail.blur();
    await expect(secondary.getByText('Enter a valid e-mail address')).toBeVisible();

    const name = form.getByRole('group', { name: 'School', exact: true }).getByRole('textbox', { name: 'School name' });
    await name.fill('S'.repeat(201));
    await name.blur();
    await expect(form.getByText('Use at most 200 characters')).toBeVisible();
    await expectNoLibraryText(page);
  });

  test('the district calendar question left unanswered reads as required', async ({ page }) => {
    const school = await registerSchool(page);
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/details');
    const yes = page.getByRole('radio', { name: 'Yes' });
    await yes.focus();
    await yes.blur();
    await expect(page.getByText('This is required field')).toBeVisible();
    await expectNoLibraryText(page);
  });
});
