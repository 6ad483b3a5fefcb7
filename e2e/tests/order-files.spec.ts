import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { registerSchool, SCHOOL, seedSession } from '../support/accounts.ts';
import { startOrder } from '../support/orders.ts';
import { expect, type Page, test } from '../support/test.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Picks files through the field's own button, as a person does. */
async function upload(page: Page, field: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('group', { name: field })
    .getByRole('button', { name: /Upload file|Replace file/ })
    .click();
  await (await chooser).setFiles(files);
}

async function openOrder(page: Page, token: string, orderKey: string) {
  await seedSession(page, token, SCHOOL);
  await page.goto(`/order-now/${orderKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'School Supply Reservation Form' })).toBeVisible();
}

test.describe('order files on the reservation form', () => {
  test('artwork uploads with its progress, lists, downloads and removes; wrong files are refused with the spec’s messages', async ({
    page,
  }) => {
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    const orderKey = await startOrder(page, school.token);
    await openOrder(page, school.token, orderKey);

    await section(page, 'Custom pages').getByRole('radio', { name: 'Yes' }).check();
    const field = page.getByRole('group', { name: 'Custom pages artwork' });
    // Held back a little, so that the progress bars can be seen.
    await page.route('**/api/uploadorderfiles', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await upload(page, 'Custom pages artwork', [
      { name: 'Welcome page.png', mimeType: 'image/png', buffer: PNG },
      { name: 'School rules.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(field.getByRole('progressbar', { name: 'Uploading Welcome page.png' })).toBeAttached();
    const list = field.getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link', { name: 'Welcome page.png' })).toBeVisible();
    await expect(field.getByRole('progressbar')).toHaveCount(0);
    await page.unroute('**/api/uploadorderfiles');
    await expectNoSeriousA11yViolations(page);

    // Only the signed-in school can read it: the link fetches it with the session.
    const download = page.waitForEvent('download');
    await list.getByRole('link', { name: 'School rules.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('School rules.pdf');

    await upload(page, 'Custom pages artwork', [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') },
    ]);
    await expect(field.getByText('Please select a valid file type')).toBeVisible();
    await upload(page, 'Custom pages artwork', [
      { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_242_881, 0x25) },
    ]);
    await expect(field.getByText('The file you selected is too big. Max file size limit is 5 MB')).toBeVisible();
    // Named as a picture, but text inside: the server looks at the content.
    await upload(page, 'Custom pages artwork', [
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') },
    ]);
    await expect(field.getByText(/does not match its type/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await field.getByRole('button', { name: 'Remove Welcome page.png' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The file has been removed.' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('group', { name: 'Custom pages artwork' }).getByRole('listitem')).toHaveText([
      'School rules.pdf',
    ]);
  });

  test('a tax-exempt school’s certificate is kept for its next order and marked once expired', async ({ page }) => {
    test.slow();
    const school = await registerSchool(page, { withDetails: true });
    const first = await startOrder(page, school.token);
    await openOrder(page, school.token, first);

    const tax = section(page, 'Tax');
    await tax.getByRole('radio', { name: 'Yes' }).check();
    await upload(page, 'Tax exemption certificate', [
      { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(tax.getByText('Enter the date the certificate expires')).toBeVisible();
    await tax.getByLabel('Certificate expiry date').fill('2020-06-30');
    await upload(page, 'Tax exemption certificate', [
      { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(tax.getByRole('link', { name: 'certificate.pdf' })).toBeVisible();

    await page.getByRole('group', { name: 'Purchase order document (optional)' }).waitFor();
    await upload(page, 'Purchase order document (optional)', [
      { name: 'PO-77.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(page.getByRole('link', { name: 'PO-77.pdf' })).toBeVisible();

    const second = await startOrder(page, school.token);
    await page.goto(`/order-now/${second}`);
    await section(page, 'Tax').getByRole('radio', { name: 'Yes' }).check();
    await expect(section(page, 'Tax').getByText(/Certificate on file, valid until 2020-06-30/)).toBeVisible();
    await expect(section(page, 'Tax').getByText('Expired: please upload a current one')).toBeVisible();
    await expect(section(page, 'Tax').getByRole('link', { name: 'certificate.pdf' })).toBeVisible();
    // The purchase order belongs to its own order.
    await expect(page.getByRole('link', { name: 'PO-77.pdf' })).toHaveCount(0);
  });
});
