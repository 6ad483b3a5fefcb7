import { MSG } from '@portal/contracts/messages';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { DEMO, passwordLinkFor, uniqueEmail } from '../support/accounts.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Signs a staff member in through the employee login screen. */
async function staffLogin(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

test.describe('the back office’s staff accounts', () => {
  test('an admin invites a sales rep, who sets a password with the e-mail’s link and signs in to a rep’s menu', async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = uniqueEmail('newrep');
    const last = `Reyes${Date.now().toString(36)}`;
    const name = `Nina ${last}`;
    await staffLogin(page, DEMO.admin, DEMO.password);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Staff', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await page.mouse.move(700, 10);
    await expect(page.getByRole('cell', { name: DEMO.admin })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'New staff member' });
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(dialog.getByText(MSG.staffFirstNameRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.emailRequired)).toBeVisible();
    await dialog.getByLabel(/^First name/).fill('Nina');
    await dialog.getByLabel(/^Last name/).fill(last);
    // An address already in use is refused under its field.
    await dialog.getByLabel(/^E-mail/).fill(DEMO.rep);
    await expect(dialog.getByRole('combobox', { name: /^Role/ })).toHaveValue('Sales representative');
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Sales representative' }).click();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(dialog.getByText(MSG.sponsorEmailInUse)).toBeVisible();
    await dialog.getByLabel(/^E-mail/).fill(email);
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(page.getByText(MSG.staffCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search').fill(last);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Sales representative');
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Never');
    // A lost invitation is sent again; the newer link is the one that works.
    await row.getByRole('button', { name: `Resend invitation to ${name}` }).click();
    await expect(page.getByText(MSG.sponsorInvitationSent)).toBeVisible();

    const rep = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const repPage = await rep.newPage();
    await repPage.goto(await passwordLinkFor(page, email));
    await repPage.getByRole('textbox', { name: 'New password', exact: true }).fill('nina-pass-1');
    await repPage.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('nina-pass-1');
    await repPage.getByRole('button', { name: 'Set Password' }).click();
    await expect(repPage.getByRole('heading', { level: 1, name: 'Password Saved' })).toBeVisible();
    await staffLogin(repPage, email, 'nina-pass-1');
    await expect(repPage.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
    const menu = repPage.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Sponsors', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Audit log', exact: true })).toHaveCount(0);
    await repPage.goto('/admin/staff');
    await expect(repPage).toHaveURL(/\/admin$/);
    await rep.close();

    // The list now shows the rep active, with a sign-in; an admin can disable them, after a confirmation.
    await page.reload();
    await page.getByLabel('Search').fill(last);
    await expect(row).toContainText('Active');
    await expect(row).not.toContainText('Never');
    await row.getByRole('button', { name: `Disable ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable this account?' });
    await expect(confirm).toContainText(`${name} will be signed out`);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText(MSG.staffDisabled)).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByLabel('Search').fill('');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
