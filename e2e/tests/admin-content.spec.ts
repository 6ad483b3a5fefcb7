import type { TAdminContentPageResponse, TAdminSettingsResponse } from '@portal/contracts/admin-content';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, callApi, DEMO, openBackOffice, SPONSOR, seedSession, staffLogin } from '../support/accounts.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The content an administrator edits is the whole site's, which other tests read at the
 * same time: the About text keeps the words they look for, the new question is in a topic
 * of its own for sponsors only, and everything is put back as it was at the end.
 */

const ABOUT = 2;

async function adminGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** Replaces what the rich-text field holds with `text`, typed as staff type it. */
async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.pressSequentially(text);
}

test('an administrator edits the About text and a question in the rich-text editor, and the support contacts; the site shows each', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const { token } = await staffLogin(page, DEMO.admin);
  const { page: about } = await adminGet<TAdminContentPageResponse>(page, token, `admin/pages/${ABOUT}`);
  const { settings } = await adminGet<TAdminSettingsResponse>(page, token, 'admin/settings');
  const topic = await callApi<{ id: number }>(
    page,
    'admin/faq-categories',
    { name: `Sponsor events ${tag}`, slug: `sponsor-events-${tag}`, audience: 5 },
    token,
  );
  const faq = await callApi<{ id: number }>(
    page,
    'admin/faqs',
    { category_id: topic.id, question: `Can we sponsor a school event (${tag})?`, answer: '<p>Ask us.</p>' },
    token,
  );
  const visitor = await browser.newContext();
  try {
    await openBackOffice(page);

    // The About page's text, in the rich-text editor.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Content pages' }).click();
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    const words = `Piloted in 2003 with a handful of Tampa Bay schools, the program is run by our team ${tag}.`;
    await typeRichText(page, 'Page text', words);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved. The site shows it now.')).toBeVisible();
    await expect(page.getByText(`Page text: — → ${words}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const reader = await visitor.newPage();
    await reader.goto('/about');
    await expect(reader.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(reader.getByText(words)).toBeVisible();

    // A question's answer.
    await nav.getByRole('link', { name: 'FAQs' }).click();
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: new RegExp(`Sponsor events ${tag}`) }).click();
    await expect(page).toHaveURL(new RegExp(`topic=${topic.id}`));
    await page.getByRole('link', { name: `Can we sponsor a school event (${tag})?` }).click();
    const answer = `Yes: your sales representative sets it up with the school (${tag}).`;
    await typeRichText(page, 'Answer', answer);
    await page.getByRole('button', { name: 'Save question' }).click();
    await expect(page.getByText('Question saved.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const sponsorPage = await browser.newPage();
    await seedSession(sponsorPage, await apiLogin(sponsorPage, DEMO.sponsor, DEMO.password, SPONSOR), SPONSOR);
    await sponsorPage.goto(`/sponsor/support?topic=sponsor-events-${tag}`);
    await sponsorPage.getByRole('button', { name: `Can we sponsor a school event (${tag})?` }).click();
    await expect(sponsorPage.getByText(answer)).toBeVisible();
    await sponsorPage.close();

    // The support phone pasted as it comes from a contact card is kept in the site's own form
    // (the same number: other journeys read it meanwhile); the postal address, which none of
    // them reads, is changed and shown on the contact page, for the shortest while.
    await nav.getByRole('link', { name: 'Site settings' }).click();
    const phone = page.getByRole('textbox', { name: 'Support phone' });
    await phone.fill('+1 813.555.0142');
    const address = page.getByRole('textbox', { name: 'Postal address' });
    const newAddress = `${tag} Harbor Blvd, Tampa, FL 33602`;
    await address.fill(newAddress);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The site shows them now.')).toBeVisible();
    await expect(phone).toHaveValue('(813) 555-0142');
    await expect(page.getByText(`Postal address: ${settings.postal_address} → ${newAddress}`)).toBeVisible();
    await reader.goto('/contact');
    await expect(reader.getByRole('main').getByText(newAddress)).toBeVisible();
    await callApi(page, 'admin/settings', settings, token);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await visitor.close();
    await callApi(page, 'admin/settings', settings, token);
    const { id: _, name: __, slug: ___, shows_body: _s, has_body: _h, updated_at: _u, ...fields } = about;
    await callApi(page, `admin/pages/${ABOUT}`, fields, token);
    await callApi(page, `admin/faqs/${faq.id}/delete`, {}, token);
    await callApi(page, `admin/faq-categories/${topic.id}/delete`, {}, token);
  }
});

test('the content screens fit a 375 px phone @phone-only', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page);
  for (const [path, heading] of [
    ['/admin/pages', 'Content pages'],
    [`/admin/pages/${ABOUT}`, 'About'],
    ['/admin/testimonials', 'Testimonials'],
    ['/admin/faqs', 'FAQs'],
    ['/admin/faqs/topics', 'FAQs'],
    ['/admin/settings', 'Site settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }
});
