import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { plainPlannerOrder, saveOrderForm, startOrder } from '../support/orders.ts';
import { expect, test } from '../support/test.ts';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

test('saving changes to a reservation says it was updated, after a reload too, and e-mails what changed', async ({
  page,
}) => {
  const school = await registerSchool(page, { withDetails: true });
  const orderKey = await startOrder(page, school.token);
  await saveOrderForm(page, school.token, orderKey, { ...plainPlannerOrder(30, '3'), draft: 0, status: 'Reserved' });
  await seedSession(page, school.token, SCHOOL);
  await page.goto(`/order-now/${orderKey}`);
  await expect(page.getByLabel('Primary planners')).toHaveValue('30');
  await page.getByLabel('Primary planners').fill('40');
  await page.getByRole('button', { name: 'Save Updates' }).click();

  await expect(page).toHaveURL(new RegExp(`/order-confirmed/${orderKey}\\?updated=1$`));
  const heading = page.getByRole('heading', { level: 1, name: 'Reservation Updated' });
  await expect(heading).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reservation Confirmed' })).toHaveCount(0);

  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as { messages: MailboxMessage[] };
      return messages.filter((m) => m.to === school.email).map((m) => m.subject);
    })
    .toEqual(expect.arrayContaining([expect.stringMatching(/^Reservation #\d+ updated$/)]));
});
