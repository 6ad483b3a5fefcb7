import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

test.describe('contact page', () => {
  test('sends a message that reaches the staff, and thanks the visitor @phone', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@schoolplannersavings.com' })).toHaveAttribute(
      'href',
      'mailto:support@schoolplannersavings.com',
    );
    await expect(main.getByRole('link', { name: '(813) 555-0142' })).toBeVisible();
    await expect(main.getByText('Tampa, FL')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'Contact' });
    await form.getByLabel('Company or School name').focus();
    await form.getByLabel('Full name').focus();
    await expect(form.getByText('Company or School name is required')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();

    const school = `Palm Grove Elementary ${Date.now().toString(36)}`;
    await form.getByLabel('Full name').fill('Jordan Lee');
    await form.getByLabel('Email').fill(uniqueEmail('contact'));
    await form.getByLabel('Phone').fill('8135550123');
    await form.getByLabel('Company or School name').fill(school);
    await form.getByRole('combobox', { name: 'State' }).selectOption('Florida');
    await form.getByLabel('City').fill('Tampa');
    await expect(form.getByLabel('Your Message')).toBeVisible();
    await form.getByRole('combobox', { name: 'Topic (optional)' }).selectOption('Request');
    await form.getByLabel('Your Request').fill('Could you send us a sample planner for next year?');
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your interest.' })).toBeVisible();
    await expect(page.getByText('Thank you for contacting us! We will get back to you soon.')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The staff are told at the support address (D8).
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/dev/mailbox');
          const { messages } = (await response.json()) as { messages: MailboxMessage[] };
          return messages.find((m) => m.subject.includes(school));
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        to: 'support@schoolplannersavings.com',
        text: expect.stringContaining('Request: Could you send us a sample planner for next year?'),
      });
  });
});
