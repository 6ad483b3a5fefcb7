import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, registerSchool, SCHOOL, SPONSOR, seedSession, uniqueEmail } from '../support/accounts.ts';
import { expect, type Page, test } from '../support/test.ts';

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
    // A new sign-in address needs the current password, asked for only now.
    const current = page.getByRole('group', { name: 'Primary contact' }).getByLabel('Current password');
    await expect(current).toBeVisible();
    await expect(save).toBeDisabled();
    await current.fill('not-my-password');
    await save.click();
    await expect(
      page.getByRole('group', { name: 'Primary contact' }).getByText('Current password is incorrect'),
    ).toBeVisible();
    await current.fill(school.password);
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
    await expect(current).toBeHidden();

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

test.describe('school details on a phone', () => {
  async function openSchoolDetails(page: Page, options: { withDetails?: boolean } = {}) {
    const school = await registerSchool(page, options);
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/details');
    await expect(page.getByRole('heading', { level: 1, name: 'Fill School Details' })).toBeVisible();
    const form = page.getByRole('form', { name: 'School details' });
    return { form, section: form.getByRole('group', { name: 'School', exact: true }) };
  }

  test('a message appearing under Phone leaves the next field where the finger was going @phone-only', async ({
    page,
  }) => {
    const { section } = await openSchoolDetails(page);
    const phone = section.getByRole('textbox', { name: 'Phone' });
    const address = section.getByRole('textbox', { name: 'Address' });
    await phone.tap();
    await page.keyboard.insertText('81355');
    const before = await address.boundingBox();
    if (!before) throw new Error('Address is not on the screen');

    await phone.blur();
    await expect(section.getByText('Enter a 10-digit phone number')).toBeVisible();
    await page.touchscreen.tap(before.x + before.width / 2, before.y + before.height / 2);
    await expect(address).toBeFocused();
    expect((await address.boundingBox())?.y).toBeCloseTo(before.y, 0);

    // And when the tap on the next field is what leaves Phone.
    await phone.tap();
    await page.keyboard.insertText('0');
    const city = section.getByRole('textbox', { name: 'City' });
    const cityBefore = await city.boundingBox();
    if (!cityBefore) throw new Error('City is not on the screen');
    await page.touchscreen.tap(cityBefore.x + cityBefore.width / 2, cityBefore.y + cityBefore.height / 2);
    await expect(city).toBeFocused();
    await expect(section.getByText('Enter a 10-digit phone number')).toBeVisible();
  });

  test('a disabled Save says what is left and leads to the first field in question @phone-only', async ({ page }) => {
    const { form, section } = await openSchoolDetails(page, { withDetails: true });
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await expect(form.getByText(/required field|fields above/)).toHaveCount(0);

    const city = section.getByRole('textbox', { name: 'City' });
    await city.fill('');
    await form.getByRole('group', { name: 'Principal or head of school' }).getByLabel('Name').fill('');
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeDisabled();
    const hint = form.getByText('Fill in the 2 required fields above.');
    await expect(hint).toBeVisible();
    await expect(save).toHaveAccessibleDescription(/Fill in the 2 required fields above/);

    // Shown the way, screens up, to the first field in question, with every message.
    await form.getByRole('button', { name: 'Show me' }).tap();
    await expect(city).toBeFocused();
    await expect(city).toBeInViewport();
    await expect(section.getByText('City is required')).toBeVisible();
    await expect(form.getByText('Principal or head of school name is required')).toBeVisible();

    const phone = section.getByRole('textbox', { name: 'Phone' });
    await phone.fill('81355');
    await save.scrollIntoViewIfNeeded();
    await expect(form.getByText('Fill in or correct the 3 fields above.')).toBeVisible();
    await form.getByRole('button', { name: 'Show me' }).tap();
    await expect(phone).toBeFocused();
    await expect(phone).toBeInViewport();
    await expect(section.getByText('Enter a 10-digit phone number')).toBeVisible();

    await phone.fill('8135550142');
    await city.fill('Tampa');
    await form.getByRole('group', { name: 'Principal or head of school' }).getByLabel('Name').fill('Dana Reyes');
    await expect(save).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Show me' })).toHaveCount(0);
  });

  test('a phone number pasted as it is written, "(813) 555-0123", is taken as its 10 digits @phone-only', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { form, section } = await openSchoolDetails(page, { withDetails: true });
    const phone = section.getByRole('textbox', { name: 'Phone' });
    // As typed on a page, and as a phone's contact card copies it: direction marks around
    // it, a no-break space and a non-breaking hyphen.
    for (const pasted of ['(813) 555-0199', '\u202a(813)\u00a0555\u20110123\u202c']) {
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await phone.tap();
      await phone.selectText();
      await page.keyboard.press('ControlOrMeta+V');
      await phone.blur();
      await expect(phone).toHaveValue(/^\(813\) 555-01(99|23)$/);
      await expect(section.getByText('Enter a 10-digit phone number')).toHaveCount(0);
    }
    await expect(phone).toHaveValue('(813) 555-0123');
    await form.getByRole('button', { name: 'Save' }).tap();
    await expect(page).toHaveURL(/\/school\/dashboard$/);
    const details = await page.request.get('/api/schooldetails', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect((await details.json()).result.phone).toBe('8135550123');
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
    // A new address asks for the current password too, still empty.
    await expect(page.getByText('Fill in or correct the 2 fields above.')).toBeVisible();
    // Its own address is always fine, without asking the server, and needs no password.
    await email.fill(DEMO.sponsor);
    await expect(page.getByText('Email address is already in use')).toBeHidden();
    await expect(page.getByRole('group', { name: 'Primary contact' }).getByLabel('Current password')).toBeHidden();
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
