import { crc32, deflateSync } from 'node:zlib';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { callApi, DEMO, staffLogin } from '../support/accounts.ts';
import { expectNoSidewaysScroll } from '../support/pay-links.ts';
import { expect, test } from '../support/test.ts';

/** A real, decodable PNG of one colour. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the back office’s catalogue', () => {
  test('an admin renames a product, rewrites its description in the editor, adds a picture, and the product page shows them', async ({
    page,
  }) => {
    test.slow();
    const tag = Date.now().toString(36);
    const slug = `e2e-lunch-box-${tag}`;
    const newName = `Insulated Lunch Box ${tag}`;
    // The record to edit is made through the API, in a category of its own, so other tests' pages stay as they were.
    const { token } = await staffLogin(page, DEMO.admin);
    const category = await callApi<{ id: number }>(
      page,
      'admin/categories',
      { category_name: `Lunch Boxes ${tag}`, category_slug: `e2e-lunch-boxes-${tag}`, sort_order: 50 },
      token,
    );
    const product = await callApi<{ id: number }>(
      page,
      'admin/products',
      {
        category_id: category.id,
        product_name: `Lunch Box ${tag}`,
        product_slug: slug,
        type: 'inquery',
        price_cents: 1250,
        product_desc: '<p>The old description.</p>',
      },
      token,
    );

    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Catalogue', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.mouse.move(700, 10);
    await page.getByLabel('Search').fill(`Lunch Box ${tag}`);
    await expect(page.getByRole('link', { name: `Lunch Box ${tag}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: `Lunch Box ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));

    await page.getByRole('textbox', { name: /^Name/ }).fill(newName);
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Keeps lunch cool until ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('noon');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Product saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

    await page.getByLabel('Alt text of the new picture').fill('A blue insulated lunch box');
    await page
      .locator('input[type="file"][accept*="image/png"]')
      .setInputFiles({ name: 'lunch-box.png', mimeType: 'image/png', buffer: png(64, 48, [30, 100, 200]) });
    await expect(page.getByText('Picture added.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'A blue insulated lunch box' })).toBeVisible();
    await expect(page.getByText('64 × 48 px')).toBeVisible();
    // The history shows what changed.
    await expect(page.getByText(/^update · /)).toBeVisible();
    await expect(page.getByText(/^image-add · /)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('product-375.png'), fullPage: true, scale: 'css' });
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/admin/categories');
    await expect(page.getByRole('link', { name: `Lunch Boxes ${tag}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: `Lunch Boxes ${tag}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Lunch Boxes ${tag}` })).toBeVisible();
    await expect(page.getByText('This category cannot be deleted: 1 product uses it.', { exact: false })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/product/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(page.getByText('Keeps lunch cool until noon.')).toBeVisible();
    await expect(page.locator('strong', { hasText: 'noon' })).toBeVisible();
    await expect(page.getByText('The old description.')).toHaveCount(0);
    const picture = page.getByRole('img', { name: 'A blue insulated lunch box' });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute(
      'src',
      new RegExp(`^/uploads/products/uploaded/${product.id}-[0-9a-f]{12}\\.png$`),
    );
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

    // A new product's address follows its name until the address is edited.
    await page.goto('/admin/products/new');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Crayons & Markers, 24!');
    const slugField = page.getByRole('textbox', { name: /^Address name/ });
    await expect(slugField).toHaveValue('crayons-markers-24');
    await slugField.fill('crayons-24');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Crayons, 24 colors');
    await expect(slugField).toHaveValue('crayons-24');
  });
});
