import { registerSchool, SCHOOL, seedSession, uniqueEmail } from '../support/accounts.ts';
import { plainPlannerOrder, saveOrderForm, startOrder } from '../support/orders.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

/** Long enough for every press below to land while the first call still runs, even on a busy machine. */
const HOLD_MS = 2500;

/** Counts the POSTs to an operation, and holds each answer back so that presses land while it runs. */
function watchPosts(page: Page, operation: string) {
  let count = 0;
  void page.route(`**/api/${operation}`, async (route) => {
    if (route.request().method() === 'POST') {
      count += 1;
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    }
    await route.continue();
  });
  return () => count;
}

/** Double-clicks the button, then presses Enter twice in a field while the call runs, as impatient people do. */
async function pressRepeatedly(button: Locator, field: Locator) {
  await button.dblclick();
  for (let i = 0; i < 2; i++) await field.press('Enter', { timeout: 300 }).catch(() => {});
}

async function mailsAbout(page: Page, text: string) {
  const response = await page.request.get('/api/dev/mailbox');
  const { messages } = (await response.json()) as { messages: { to: string; subject: string; text: string }[] };
  return messages.filter((m) => m.subject.includes(text) || m.to === text);
}

async function fillContactForm(page: Page, formName: string, company: string, companyLabel: string) {
  const form = page.getByRole('form', { name: formName });
  await form.getByLabel('Full name').fill('Jordan Lee');
  await form.getByLabel('Email').fill(uniqueEmail('twice'));
  await form.getByLabel('Phone').fill('8135550123');
  await form.getByLabel(companyLabel).fill(company);
  await form.getByRole('combobox', { name: 'State' }).selectOption('Florida');
  await form.getByLabel('City').fill('Tampa');
  await form.getByLabel('Your Message').fill('Please call us about planners.');
  return form;
}

test.describe('a form sends once however it is pressed', () => {
  for (const form of [
    { path: '/contact', name: 'Contact', operation: 'addenquiry', company: 'Company or School name' },
    { path: '/sponsor/register', name: 'Sponsor request', operation: 'addsponsorreq', company: 'Business name' },
  ]) {
    test(`${form.path}: one call, one e-mail to staff`, async ({ page }) => {
      await page.goto(form.path);
      const company = `Double Click ${form.operation} ${Date.now().toString(36)}`;
      const filled = await fillContactForm(page, form.name, company, form.company);
      const posts = watchPosts(page, form.operation);
      await pressRepeatedly(filled.getByRole('button', { name: 'Send message' }), filled.getByLabel('City'));
      await expect(page.getByRole('heading', { name: 'Thank you for your interest.' })).toBeVisible();
      expect(posts()).toBe(1);
      await expect.poll(async () => (await mailsAbout(page, company)).length, { timeout: 10_000 }).toBe(1);
    });
  }

  test('forgot password: one call, one e-mail', async ({ page }) => {
    const school = await registerSchool(page);
    await page.goto('/forgot-password');
    const email = page.getByLabel('Email');
    await email.fill(school.email);
    const posts = watchPosts(page, 'forgotpassword');
    await pressRepeatedly(page.getByRole('button', { name: 'Reset Password' }), email);
    await expect(page.getByText('Check your email')).toBeVisible();
    expect(posts()).toBe(1);
    await expect
      .poll(async () => (await mailsAbout(page, school.email)).filter((m) => m.text.includes('/set-password/')).length)
      .toBe(1);
  });

  test('changing the password on the profile: one call, one toast', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/profile');
    const card = page.getByRole('region', { name: 'Change Password' });
    await card.getByRole('textbox', { name: 'Current password', exact: true }).fill(school.password);
    await card.getByRole('textbox', { name: 'New password', exact: true }).fill('a-new-password');
    const confirm = card.getByRole('textbox', { name: 'Confirm new password' });
    await confirm.fill('a-new-password');
    const posts = watchPosts(page, 'setpasswordn');
    await pressRepeatedly(card.getByRole('button', { name: 'Update password' }), confirm);
    await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed.' })).toHaveCount(1);
    expect(posts()).toBe(1);
  });

  test('saving the school profile: one call', async ({ page }) => {
    const school = await registerSchool(page, { withDetails: true });
    await seedSession(page, school.token, SCHOOL);
    await page.goto('/school/profile');
    const city = page.getByRole('form', { name: 'School details' }).getByLabel('City').first();
    await expect(city).toHaveValue('Tampa');
    await city.fill('Brandon');
    const posts = watchPosts(page, 'schoolaccount');
    await pressRepeatedly(page.getByRole('button', { name: 'Save changes' }), city);
    await expect(page.getByRole('alert').filter({ hasText: 'Your details have been saved.' })).toHaveCount(1);
    expect(posts()).toBe(1);
  });

  test('completing a reservation and paying for it: one save, one payment started', async ({ page }) => {
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    const orderKey = await startOrder(page, school.token);
    await saveOrderForm(page, school.token, orderKey, plainPlannerOrder(30, '2'));
    await seedSession(page, school.token, SCHOOL);
    await page.goto(`/order-now/${orderKey}`);
    await expect(page.getByLabel('Primary planners')).toHaveValue('30');
    let finals = 0;
    await page.route('**/api/updatetemporder', async (route) => {
      if (route.request().postDataJSON()?.draft === 0) {
        finals += 1;
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      }
      await route.continue();
    });
    await pressRepeatedly(page.getByRole('button', { name: 'Finalize Order' }), page.getByLabel('Primary planners'));
    await expect(page).toHaveURL(new RegExp(`/checkout/${orderKey}$`));
    expect(finals).toBe(1);

    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    const posts = watchPosts(page, 'placeorder');
    await page.getByRole('button', { name: /^Pay / }).dblclick();
    await expect(page).toHaveURL(/\/pay\/test\//);
    expect(posts()).toBe(1);
  });
});
