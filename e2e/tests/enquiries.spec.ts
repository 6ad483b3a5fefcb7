import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, SPONSOR, seedSession } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('the sponsor’s enquiries', () => {
  test('enquires from a product page, sees it received, tracks it and finds it in the list @phone', async ({
    page,
  }) => {
    test.slow();
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    const marker = `${test.info().project.name}-${Date.now().toString(36)}`;
    const message = `Please quote dismissal tags for three schools near our office (${marker}).`;

    await page.goto('/product/dismissal-tag-sponsorship');
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(page).toHaveURL(/\/enquire-now\/[\w-]{16,}$/);

    // The product, the ways to reach us, and the form prefilled from the profile.
    await expect(page.getByRole('heading', { level: 1, name: 'Contact sales representative' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dismissal Tag Sponsorship' })).toBeVisible();
    await expect(page.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
    const form = page.getByRole('form', { name: 'Enquiry' });
    await expect(form.getByLabel('Your name')).toHaveValue('Dana Whitfield');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO.sponsor);
    await expect(form.getByLabel('Company name')).toHaveValue('Sunshine Dental Care');
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    // A field's message shows once it has been left empty.
    await form.getByLabel('Your name').fill('');
    await form.getByLabel('Your name').blur();
    await expect(form.getByText('Your Name is required')).toBeVisible();
    await form.getByLabel('Your name').fill('Dana Whitfield');
    await form.getByLabel('Your message').fill('x');
    await form.getByLabel('Your message').fill('');
    await form.getByLabel('Your message').blur();
    await expect(form.getByText('This is required field')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel('Your message').fill(message);
    await expect(submit).toBeEnabled();
    // A double click sends it once.
    await submit.dblclick();

    await expect(page).toHaveURL(/\/enquiry-confirmed\/[\w-]{16,}$/);
    const enqKey = page.url().split('/').at(-1) ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Your enquiry has been received' })).toBeVisible();
    await expect(page.getByText('Thank you for contacting us!')).toBeVisible();
    await expect(page.getByText('We will get back to you as soon as possible.')).toBeVisible();
    const idText = await page.getByText(/^Enquiry ID: #\d+$/).textContent();
    const enqId = (idText ?? '').replace(/\D/g, '');
    await expectNoSeriousA11yViolations(page);

    // One e-mail, to the sales rep with a copy to the sponsor, however often it was pressed.
    const mails = async () => {
      const response = await page.request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as { messages: { to: string; cc: string; text: string }[] };
      return messages.filter((m) => m.text.includes(marker)).map(({ to, cc }) => ({ to, cc }));
    };
    await expect.poll(mails).toEqual([{ to: 'rep@example.com', cc: DEMO.sponsor }]);

    await page.getByRole('link', { name: 'Track Enquiry' }).click();
    await expect(page).toHaveURL(new RegExp(`/sponsor/enquiry/${enqKey}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Enquiry #${enqId}` })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('cell', { name: DEMO.salesRep })).toBeVisible();
    await expect(page.getByText('No replies yet: your sales representative will answer by e-mail.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The list shows it, with the demo's earlier ones; it opens from there too.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Enquiries' }).click();
    await expect(page).toHaveURL(/\/sponsor\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
    const link = page.getByRole('link', { name: new RegExp(`^(Enquiry )?#${enqId}$`) });
    await expect(link).toBeVisible();
    await expect(page.getByRole('link', { name: /^(Enquiry )?#\d+$/ }).filter({ visible: true })).not.toHaveCount(1);
    // Checked with the pointer still resting on the sidebar's current link.
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/sponsor/enquiry/${enqKey}$`));
  });

  test('an enquiry that is not the sponsor’s own, or not yet sent, says so', async ({ page }) => {
    const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
    await seedSession(page, token, SPONSOR);
    await page.goto('/sponsor/enquiry/no-such-enquiry-key-0000');
    await expect(page.getByText('Enquiry not found.')).toBeVisible();
    await page.goto('/enquiry-confirmed/no-such-enquiry-key-0000');
    await expect(page.getByText('Enquiry not found.')).toBeVisible();
  });
});
