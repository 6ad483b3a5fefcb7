import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import {
  apiLogin,
  callApi,
  DEMO,
  openBackOffice,
  passwordLinkFor,
  SPONSOR,
  seedSession,
  staffLogin as staffApiLogin,
  uniqueEmail,
} from '../support/accounts.ts';
import { usd } from '../support/orders.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, test } from '../support/test.ts';

test.describe('the back office’s sponsors', () => {
  test('an admin creates a sponsor and a sponsorship; the sponsor sets a password with the invitation and pays it', async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = uniqueEmail('invited');
    const company = `Harbor Bikes ${Date.now().toString(36)}`;
    await openBackOffice(page);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Sponsors', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeVisible();
    // The pointer leaves the menu, as it would for the next thing to do.
    await page.mouse.move(700, 10);
    await expect(page.getByRole('cell', { name: 'Sunshine Dental Care' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sponsor' });
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(dialog.getByText('Business name is required')).toBeVisible();
    await dialog.getByLabel(/^Company\b(?! phone)/).fill(company);
    await dialog.getByLabel(/^Company phone/).fill('8135550190');
    await dialog.getByLabel(/^Contact name/).fill('Hal Harbor');
    await dialog.getByLabel(/^Contact e-mail/).fill(email);
    await dialog.getByLabel(/^Contact phone/).fill('8135550191');
    await dialog.getByRole('combobox', { name: 'Sales representative' }).click();
    await page.getByRole('option', { name: DEMO.salesRep }).click();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();

    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    const sponsorId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByText('Invitation not accepted yet')).toBeVisible();
    await expect(page.getByText(DEMO.salesRep)).toBeVisible();
    await expect(page.getByText('create · ')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const sponsor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const sponsorPage = await sponsor.newPage();
    await sponsorPage.goto(await passwordLinkFor(page, email));
    await sponsorPage.getByRole('textbox', { name: 'New password', exact: true }).fill('harbor-pass-1');
    await sponsorPage.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('harbor-pass-1');
    await sponsorPage.getByRole('button', { name: 'Set Password' }).click();
    await expect(sponsorPage.getByRole('heading', { level: 1, name: 'Password Saved' })).toBeVisible();
    await sponsorPage.goto('/sponsor/login');
    await sponsorPage.getByLabel('Email').fill(email);
    await sponsorPage.getByRole('textbox', { name: 'Password', exact: true }).fill('harbor-pass-1');
    await sponsorPage.getByRole('button', { name: 'Log in' }).click();
    await expect(sponsorPage).toHaveURL(/\/sponsor\/dashboard$/);

    // Staff set up and approve its sponsorship (their screens have their own journey); the sponsor pays it.
    const { token: staffToken } = await staffApiLogin(page, DEMO.admin);
    const item = { sponsorship_type: 'Student planner ad', county: 'Pinellas', book_name: 'Elementary planner' };
    const { sponsorship_id: sponsorshipId } = await callApi<{ sponsorship_id: number }>(
      page,
      'admin/sponsorships',
      { sponsor_id: sponsorId, year: new Date().getFullYear(), items: [{ ...item, qty: 2, rate: '95.25' }] },
      staffToken,
    );
    await callApi(page, `admin/sponsorships/${sponsorshipId}/approve`, {}, staffToken);
    await sponsorPage.goto(`/sponsor/sponsorship/${sponsorshipId}`);
    await expect(sponsorPage.getByTestId('sponsorship-due')).toHaveText(usd(19050));
    await sponsorPage.getByRole('button', { name: 'Pay Full Amount' }).click();
    await expect(sponsorPage).toHaveURL(/\/pay\/test\//);
    await sponsorPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await sponsorPage.getByLabel('Expiry').fill('12/34');
    await sponsorPage.getByLabel('CVC').fill('123');
    await sponsorPage.getByLabel('Name on card').fill('Hal Harbor');
    await sponsorPage.getByRole('button', { name: `Pay ${usd(19050)}` }).click();
    await expect(sponsorPage.getByText('Your sponsorship has been paid in full.')).toBeVisible();
    await sponsor.close();

    // The back office sees the payment on the sponsorship.
    await page.goto(`/admin/sponsorships/${sponsorshipId}`);
    await expect(page.getByRole('region', { name: 'Facts', exact: true })).toContainText(usd(19050));
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await page.goto(`/admin/sponsors/${sponsorId}`);
    await expect(page.getByText('Invitation not accepted yet')).toHaveCount(0);

    // Typing not yet saved is not lost to a menu click: the back office asks first.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel(/^Website/).fill('harborbikes.example.com');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Sponsors', exact: true })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel(/^Website/)).toHaveValue('harborbikes.example.com');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Sponsors', exact: true })
      .click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeVisible();
  });

  test('a rep replies to an enquiry and the sponsor reads the reply on its enquiry page', async ({ page, browser }) => {
    test.slow();
    const marker = `bikes-${Date.now().toString(36)}`;
    const sponsorToken = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    const info = await page.request.get('/api/productinfo?slug=dismissal-tag-sponsorship');
    const productId = ((await info.json()) as { product: { product_id: number } }).product.product_id;
    const { enq_key } = await callApi<{ enq_key: string }>(
      page,
      'addtoenquiry',
      { product_id: productId, qty: 4 },
      sponsorToken,
    );
    await callApi(
      page,
      'updatetoenq',
      {
        enq_id: enq_key,
        fullname: 'Dana Whitfield',
        email: DEMO.sponsor,
        phone: '8135550142',
        company: 'Sunshine Dental Care',
        message: `Tags for three schools (${marker}).`,
        send_email: 1,
      },
      sponsorToken,
    );

    const confirm = await page.request.get(`/api/enquiryconfirm?enq_key=${enq_key}`, {
      headers: { authorization: `Bearer ${sponsorToken}` },
    });
    const enqId = ((await confirm.json()) as { enq_id: number }).enq_id;

    await page.setViewportSize({ width: 375, height: 800 });
    await openBackOffice(page, '/admin/enquiries', DEMO.rep);
    await page.getByLabel('Search').fill(String(enqId));
    // The search is in the address once typing pauses: the list is then this enquiry alone.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${enqId}(&|$)`));
    await expect(page.getByRole('link', { name: /^#\d+$/ })).toHaveCount(1);
    await page.getByRole('link', { name: `#${enqId}`, exact: true }).click();
    await expect(page.getByText(`Tags for three schools (${marker}).`, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('enquiry-375.png'), fullPage: true, scale: 'css' });

    const reply = `We can do that for $2 a tag (${marker}).`;
    await page.getByLabel('Your reply').fill(reply);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Reply sent.' })).toBeVisible();
    await expect(page.getByText(reply, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const sponsorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const sponsorPage = await sponsorContext.newPage();
    await seedSession(sponsorPage, sponsorToken, SPONSOR);
    await sponsorPage.goto(`/sponsor/enquiry/${enq_key}`);
    await expect(sponsorPage.getByText(reply)).toBeVisible();
    await expect(sponsorPage.getByText(`${DEMO.salesRep} ·`)).toBeVisible();
    await sponsorContext.close();
  });
});
