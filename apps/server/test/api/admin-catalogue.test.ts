import {
  AdminCategoriesResponse,
  AdminCategoryResponse,
  AdminProductResponse,
  AdminProductsResponse,
  CatalogueHistoryResponse,
  categoryInUse,
  type TCategoryFields,
  type TProductFields,
} from '@portal/contracts/admin-catalogue';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG, tooLong } from '@portal/contracts/messages';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_log, categories, product_images, products } from '../../src/db/schema/index.ts';
import { ChangeFeed } from '../../src/lib/change-feed.ts';
import { bearer, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { createCatalogueApp, insertCategory, insertProduct, productIdOf } from '../helpers/catalogue.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart, SAMPLES } from '../helpers/uploads.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let rep: Awaited<ReturnType<typeof signedInStaff>>;
let school: Awaited<ReturnType<typeof signedInSchool>>;
let sponsor: Awaited<ReturnType<typeof signedInSponsor>>;

beforeAll(async () => {
  t = await createCatalogueApp();
  admin = await signedInStaff(t, USER_TYPE.admin);
  rep = await signedInStaff(t, USER_TYPE.salesRep);
  school = await signedInSchool(t);
  sponsor = await signedInSponsor(t);
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.api.get(url, token ? { headers: bearer(token) } : {});
const post = (url: string, body: unknown, token?: string) =>
  t.api.post(url, { body, ...(token ? { headers: bearer(token) } : {}) });

/** A real PNG of the size asked for, of one colour. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** A real JPEG or WebP of the size asked for. */
const picture = (format: 'jpeg' | 'webp', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .toFormat(format)
    .toBuffer();

function upload(url: string, file: { filename: string; content: Buffer }, token?: string, fields = {}) {
  const { body, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'file', ...file },
  ]);
  return t.api.post(url, { headers: { ...(token ? bearer(token) : {}), 'content-type': contentType }, body });
}

let serial = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

const newCategory = (overrides: Partial<TCategoryFields> = {}): TCategoryFields => ({
  category_name: 'Lunch Boxes',
  category_slug: unique('lunch-boxes'),
  category_name_seo: 'Lunch Boxes | School Planner Savings',
  category_description: '<p>Sturdy lunch boxes.</p>',
  category_description_seo: 'Sturdy lunch boxes',
  category_canonical: '',
  sort_order: 9,
  ...overrides,
});

const newProduct = (categoryId: number, overrides: Partial<TProductFields> = {}): TProductFields => ({
  category_id: categoryId,
  product_name: 'Insulated Lunch Box',
  product_slug: unique('insulated-lunch-box'),
  type: 'inquery',
  login_req: 0,
  status: 1,
  brand: 'Acme',
  price_cents: 1250,
  seo_title: 'Insulated Lunch Box',
  seo_description: 'Keeps lunch cool',
  product_desc: '<p>Keeps lunch cool until noon.</p>',
  product_spec: '',
  include_overview_btn: 0,
  overview_btn_label: '',
  include_contact_btn: 1,
  ...overrides,
});

async function createdProduct(overrides: Partial<TProductFields> = {}) {
  const category = await insertCategory(t);
  const res = await post('/api/admin/products', newProduct(category.id, overrides), admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as number, category };
}

/** The audit rows of a record, oldest first, with what changed spread out. */
async function auditOf(entity: 'product' | 'category', id: number) {
  const rows = await t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, String(id))))
    .orderBy(asc(audit_log.id));
  return rows.map(({ changes, ...row }) => ({
    ...row,
    before: changes.before as Record<string, unknown> | null,
    after: changes.after as Record<string, unknown> | null,
  }));
}

const imagesOf = (productId: number) =>
  t.db
    .select()
    .from(product_images)
    .where(eq(product_images.product_id, productId))
    .orderBy(asc(product_images.sort_order));

describe('the role matrix', () => {
  it('lets staff read, only an administrator change, and refuses schools, sponsors (403) and the signed out (401)', async () => {
    const category = await insertCategory(t);
    const product = await insertProduct(t, category.id);
    const [image] = await imagesOf(product.id);
    const image2 = { filename: 'a.png', content: await png(2, 2) };
    const pdf = { filename: 'a.pdf', content: SAMPLES.pdf };
    const reads = [
      (token?: string) => get('/api/admin/categories', token),
      (token?: string) => get(`/api/admin/categories/${category.id}`, token),
      (token?: string) => get(`/api/admin/categories/${category.id}/history`, token),
      (token?: string) => get('/api/admin/products', token),
      (token?: string) => get(`/api/admin/products/${product.id}`, token),
      (token?: string) => get(`/api/admin/products/${product.id}/history`, token),
    ];
    const changes = [
      (token?: string) => post('/api/admin/categories', newCategory(), token),
      (token?: string) => post(`/api/admin/categories/${category.id}`, newCategory(), token),
      (token?: string) => post(`/api/admin/categories/${category.id}/delete`, {}, token),
      (token?: string) => upload(`/api/admin/categories/${category.id}/image`, image2, token),
      (token?: string) => post('/api/admin/products', newProduct(category.id), token),
      (token?: string) => post(`/api/admin/products/${product.id}`, newProduct(category.id), token),
      (token?: string) => upload(`/api/admin/products/${product.id}/images`, image2, token),
      (token?: string) => post(`/api/admin/products/${product.id}/images/order`, { image_ids: [image!.id] }, token),
      (token?: string) => post(`/api/admin/products/${product.id}/images/${image!.id}`, { alt: 'x' }, token),
      (token?: string) => post(`/api/admin/products/${product.id}/images/${image!.id}/delete`, {}, token),
      (token?: string) => upload(`/api/admin/products/${product.id}/overview`, pdf, token),
      (token?: string) => post(`/api/admin/products/${product.id}/overview/remove`, {}, token),
    ];
    for (const call of [...reads, ...changes]) {
      expect((await call()).statusCode).toBe(401);
      expect((await call(school.token)).statusCode).toBe(403);
      expect((await call(sponsor.token)).statusCode).toBe(403);
    }
    for (const call of reads) expect((await call(rep.token)).statusCode).toBe(200);
    for (const call of changes) {
      const res = await call(rep.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    // Nothing was changed by any of them.
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.product_name).toBe(product.product_name);
    expect(await imagesOf(product.id)).toHaveLength(1);
    expect((await t.db.select().from(categories).where(eq(categories.id, category.id))).length).toBe(1);
    expect(await auditOf('product', product.id)).toEqual([]);
    expect(await auditOf('category', category.id)).toEqual([]);
  });
});

describe('categories', () => {
  it('creates one, lists it with its product count, and writes the audit row', async () => {
    const body = newCategory({ category_description: '<p>Boxes</p><script>alert(1)</script>' });
    const res = await post('/api/admin/categories', body, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.categoryCreated);
    const id = res.json().id as number;
    const [row] = await t.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ category_name: 'Lunch Boxes', category_slug: body.category_slug, sort_order: 9 });
    expect(row?.category_description).toBe('<p>Boxes</p>');

    const list = AdminCategoriesResponse.parse((await get('/api/admin/categories', rep.token)).json());
    expect(list.categories.find((c) => c.id === id)).toMatchObject({ products: 0, sort_order: 9 });
    const planners = list.categories.find((c) => c.category_slug === 'student-planners');
    expect(planners?.products).toBeGreaterThan(0);
    // In sort order.
    const orders = list.categories.map((c) => c.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const audit = await auditOf('category', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_user_id: admin.user.id });
    expect(audit[0]?.after).toMatchObject({ category_name: 'Lunch Boxes', category_description: '<p>Boxes</p>' });
  });

  it('refuses bad input with a message for each field, and writes nothing', async () => {
    const before = await t.db.select().from(categories);
    const res = await post(
      '/api/admin/categories',
      newCategory({
        category_name: ' ',
        category_slug: 'Not A Slug',
        category_canonical: 'javascript:alert(1)',
        sort_order: -1,
        category_name_seo: 'x'.repeat(201),
      }),
      admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      category_name: MSG.categoryNameRequired,
      category_slug: MSG.catalogueSlugInvalid,
      category_canonical: MSG.catalogueCanonicalInvalid,
      sort_order: MSG.catalogueSortOrderInvalid,
      category_name_seo: tooLong(200),
    });
    expect(await t.db.select().from(categories)).toHaveLength(before.length);
  });

  it('refuses a slug another category uses, under the field, on create and on edit', async () => {
    const taken = await insertCategory(t);
    const created = await post(
      '/api/admin/categories',
      newCategory({ category_slug: taken.category_slug }),
      admin.token,
    );
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      message: MSG.categorySlugTaken,
      errors: { category_slug: MSG.categorySlugTaken },
    });
    const other = await insertCategory(t);
    const edited = await post(
      `/api/admin/categories/${other.id}`,
      newCategory({ category_slug: taken.category_slug }),
      admin.token,
    );
    expect(edited.statusCode).toBe(409);
    expect(edited.json().errors).toEqual({ category_slug: MSG.categorySlugTaken });
    // Keeping its own slug is fine.
    const kept = await post(
      `/api/admin/categories/${other.id}`,
      newCategory({ category_slug: other.category_slug }),
      admin.token,
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('edits one, keeps only the changed fields in the audit, shows them in its history, and refuses a stale save', async () => {
    const category = await insertCategory(t, { category_name: 'Old Name' });
    const detail = AdminCategoryResponse.parse((await get(`/api/admin/categories/${category.id}`, admin.token)).json());
    const body = {
      ...newCategory({ category_slug: category.category_slug, sort_order: category.sort_order }),
      category_name: 'New Name',
      category_name_seo: '',
      category_description: '',
      category_description_seo: '',
      version: detail.category.version,
    };
    const res = await post(`/api/admin/categories/${category.id}`, body, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.categorySaved);
    const audit = await auditOf('category', category.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['update', { category_name: 'Old Name' }, { category_name: 'New Name' }],
    ]);
    const history = CatalogueHistoryResponse.parse(
      (await get(`/api/admin/categories/${category.id}/history`, rep.token)).json(),
    );
    expect(history.entries.map((e) => e.action)).toEqual(['update']);

    const stale = await post(`/api/admin/categories/${category.id}`, { ...body, category_name: 'Third' }, admin.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.categoryChanged);
  });

  it('refuses to delete a category products use, naming how many, and deletes an unused one', async () => {
    const used = await insertCategory(t);
    await insertProduct(t, used.id);
    await insertProduct(t, used.id, { status: 0 });
    const refused = await post(`/api/admin/categories/${used.id}/delete`, {}, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(categoryInUse(2));
    expect(categoryInUse(2)).toBe(
      'This category cannot be deleted: 2 products use it. Move them to another category first.',
    );
    expect(await t.db.select().from(categories).where(eq(categories.id, used.id))).toHaveLength(1);

    const unused = await insertCategory(t);
    const deleted = await post(`/api/admin/categories/${unused.id}/delete`, {}, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(categories).where(eq(categories.id, unused.id))).toHaveLength(0);
    expect((await auditOf('category', unused.id)).map((a) => a.action)).toEqual(['delete']);
    expect((await get(`/api/admin/categories/${unused.id}`, admin.token)).statusCode).toBe(404);
  });

  it('takes a picture checked by its content and stores it', async () => {
    const category = await insertCategory(t);
    const res = await upload(
      `/api/admin/categories/${category.id}/image`,
      {
        filename: 'banner.webp',
        content: await picture('webp', 1200, 300),
      },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^/uploads/categories/uploaded/${category.id}-[0-9a-f]{12}\\.webp$`));
    expect(await t.ctx.storage.exists(url.slice('/uploads/'.length))).toBe(true);
    const [row] = await t.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row?.category_image).toBe(url);
    expect((await t.api.get(url)).statusCode).toBe(200);

    // A new picture replaces it, and the old file goes.
    const again = await upload(
      `/api/admin/categories/${category.id}/image`,
      { filename: 'banner.jpg', content: await picture('jpeg', 800, 200) },
      admin.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().url).toMatch(/\.jpg$/);
    expect(await t.ctx.storage.exists(url.slice('/uploads/'.length))).toBe(false);
    expect((await t.api.get(`/api/category?slug=${category.category_slug}`)).json().category_image).toBe(
      again.json().url,
    );
    expect((await auditOf('category', category.id)).map((a) => [a.action, a.after])).toEqual([
      ['image', { category_image: url }],
      ['image', { category_image: again.json().url }],
    ]);
    // A text file is no picture, whatever its name.
    const text = await upload(
      `/api/admin/categories/${category.id}/image`,
      { filename: 'banner.png', content: Buffer.from('GIF89a? no, just text') },
      admin.token,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MSG.pictureNotAccepted);
  });
});

describe('products', () => {
  it('creates one with its audit row and lists it with search and filters', async () => {
    const { id, category } = await createdProduct({ product_name: 'Quokka Lunch Box', type: 'inquery', status: 0 });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ product_name: 'Quokka Lunch Box', type: 'inquery', status: 0, price_cents: 1250 });
    expect((await auditOf('product', id)).map((a) => [a.action, a.actor_user_id])).toEqual([['create', admin.user.id]]);

    const list = async (query: string) =>
      AdminProductsResponse.parse((await get(`/api/admin/products?${query}`, rep.token)).json()).products.map(
        (p) => p.id,
      );
    expect(await list('q=quokka')).toEqual([id]);
    expect(await list(`category_id=${category.id}`)).toEqual([id]);
    expect(await list(`category_id=${category.id}&visibility=listed`)).toEqual([]);
    expect(await list(`category_id=${category.id}&visibility=hidden&type=inquery`)).toEqual([id]);
    expect(await list(`category_id=${category.id}&type=order`)).toEqual([]);
    const all = AdminProductsResponse.parse((await get('/api/admin/products?sort=name_asc', admin.token)).json());
    expect(all.total).toBeGreaterThan(80);
    expect(all.products).toHaveLength(25);
    const names = all.products.map((p) => p.product_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const second = AdminProductsResponse.parse(
      (await get('/api/admin/products?sort=name_asc&page=2', admin.token)).json(),
    );
    expect(second.products[0]?.id).not.toBe(all.products[0]?.id);
    expect((await get('/api/admin/products?type=other', admin.token)).statusCode).toBe(400);
  });

  it('refuses bad input with a message for each field, and a slug another product uses', async () => {
    const category = await insertCategory(t);
    const bad = await post(
      '/api/admin/products',
      { ...newProduct(category.id), product_name: '', product_slug: '-x-', type: 'sale', price_cents: -5 },
      admin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      product_name: MSG.productNameRequired,
      product_slug: MSG.catalogueSlugInvalid,
      type: MSG.productTypeRequired,
      price_cents: MSG.productPriceInvalid,
    });
    const noCategory = await post('/api/admin/products', newProduct(2_000_000), admin.token);
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors).toEqual({ category_id: MSG.productCategoryRequired });

    const taken = await insertProduct(t, category.id);
    const clash = await post(
      '/api/admin/products',
      newProduct(category.id, { product_slug: taken.product_slug }),
      admin.token,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      message: MSG.productSlugTaken,
      errors: { product_slug: MSG.productSlugTaken },
    });
    expect(await t.db.select().from(products).where(eq(products.category_id, category.id))).toHaveLength(1);
  });

  it('sanitises the description and specification: no script or event handler reaches the database or the product page', async () => {
    const { id } = await createdProduct();
    const detail = AdminProductResponse.parse((await get(`/api/admin/products/${id}`, admin.token)).json()).product;
    const res = await post(
      `/api/admin/products/${id}`,
      {
        ...newProduct(detail.category_id, { product_slug: detail.product_slug }),
        product_desc:
          '<p onclick="steal()">Safe <strong>text</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">',
        product_spec: '<table><tr><td>Size</td><td>8.5 x 11</td></tr></table><iframe src="//evil"></iframe>',
        version: detail.version,
      },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.product_desc).toBe('<p>Safe <strong>text</strong></p>');
    expect(row?.product_spec).toBe('<table><tr><td>Size</td><td>8.5 x 11</td></tr></table>');
    const page = await t.api.get(`/api/productinfo?slug=${detail.product_slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script|onerror|onclick|<iframe|alert/i);
    expect(page.json().product.product_desc).toBe('<p>Safe <strong>text</strong></p>');
  });

  it('shows an edit on the public catalogue at once: name, description and hiding', async () => {
    const slug = 'three-prong-homework-folder';
    const id = await productIdOf(t, slug);
    // The public answers are cached first.
    const before = await t.api.get(`/api/productinfo?slug=${slug}`);
    expect(before.json().product.product_name).toBe('Three-Prong Homework Folder');
    const listing = async () =>
      (await t.api.get('/api/category?slug=homework-folders&limit=96')).json().products as {
        product_slug: string;
        product_name: string;
      }[];
    expect((await listing()).find((p) => p.product_slug === slug)?.product_name).toBe('Three-Prong Homework Folder');

    const detail = AdminProductResponse.parse((await get(`/api/admin/products/${id}`, admin.token)).json()).product;
    const {
      id: _id,
      category_name: _c,
      overview_pdf: _o,
      images: _i,
      created_at: _a,
      updated_at: _u,
      ...fields
    } = detail;
    const saved = await post(
      `/api/admin/products/${id}`,
      { ...fields, product_name: 'Three-Prong Folder, 2027', product_desc: '<p>Now in six colours.</p>' },
      admin.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.api.get(`/api/productinfo?slug=${slug}`)).json();
    expect(after.product.product_name).toBe('Three-Prong Folder, 2027');
    expect(after.product.product_desc).toBe('<p>Now in six colours.</p>');
    expect((await listing()).find((p) => p.product_slug === slug)?.product_name).toBe('Three-Prong Folder, 2027');
    const audit = await auditOf('product', id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'update',
        { product_name: 'Three-Prong Homework Folder', product_desc: detail.product_desc },
        { product_name: 'Three-Prong Folder, 2027', product_desc: '<p>Now in six colours.</p>' },
      ],
    ]);

    const hidden = await post(
      `/api/admin/products/${id}`,
      {
        ...fields,
        product_name: 'Three-Prong Folder, 2027',
        product_desc: '<p>Now in six colours.</p>',
        status: 0,
        version: undefined,
      },
      admin.token,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await listing()).find((p) => p.product_slug === slug)).toBeUndefined();
  });

  it('tells other server processes of each change through the change feed (categories, products, pictures)', async () => {
    // Another process's feed, on a connection of its own.
    const other = new ChangeFeed(t.database.url);
    const heard: string[] = [];
    for (const table of ['categories', 'products', 'product_images']) other.on(table, () => heard.push(table));
    await other.start();
    try {
      const category = await insertCategory(t);
      heard.length = 0;
      const saved = await post(
        `/api/admin/categories/${category.id}`,
        newCategory({ category_slug: category.category_slug }),
        admin.token,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const created = await post('/api/admin/products', newProduct(category.id), admin.token);
      expect(created.statusCode, created.body).toBe(200);
      const added = await upload(
        `/api/admin/products/${created.json().id}/images`,
        { filename: 'p.png', content: await png(8, 8) },
        admin.token,
      );
      expect(added.statusCode, added.body).toBe(200);
      await expect
        .poll(() => [...new Set(heard)].sort(), { timeout: 2000, interval: 50 })
        .toEqual(['categories', 'product_images', 'products']);
    } finally {
      await other.close();
    }
  });

  it('shows a category renamed through the back office on the public category page at once', async () => {
    const category = await insertCategory(t, { category_name: 'Before Rename' });
    await insertProduct(t, category.id);
    expect((await t.api.get(`/api/category?slug=${category.category_slug}`)).json().category_name).toBe(
      'Before Rename',
    );
    const res = await post(
      `/api/admin/categories/${category.id}`,
      newCategory({
        category_name: 'After Rename',
        category_slug: category.category_slug,
        category_description: '<p>Fresh</p>',
      }),
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.api.get(`/api/category?slug=${category.category_slug}`)).json();
    expect(page.category_name).toBe('After Rename');
    expect(page.category_description).toBe('<p>Fresh</p>');
  });
});

describe('product pictures', () => {
  it('takes a PNG, JPEG or WebP checked by content, with its size and alt text, after the last picture', async () => {
    const category = await insertCategory(t);
    const product = await insertProduct(t, category.id);
    const res = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'photo.png', content: await png(640, 480) },
      admin.token,
      { alt: 'A blue lunch box' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.pictureUploaded);
    expect(res.json().image).toMatchObject({
      width: 640,
      height: 480,
      alt: 'A blue lunch box',
      sort_order: 1,
    });
    const url = res.json().image.url as string;
    expect(url).toMatch(new RegExp(`^/uploads/products/uploaded/${product.id}-[0-9a-f]{12}\\.png$`));
    const served = await t.api.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Its small copy for product cards, as the demo's pictures have: a WebP 400 pixels wide.
    expect(res.json().image.card_url).toBe(url.replace(/\.png$/, '-card.webp'));
    const [row] = await imagesOf(product.id).then((rows) => rows.filter((r) => r.url === url));
    expect(row).toMatchObject({ width: 640, height: 480, card_width: 400 });
    const card = await t.api.get(res.json().image.card_url);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });

    // A JPEG named .png is taken as the JPEG it is.
    const jpeg = await picture('jpeg', 400, 300);
    const asJpeg = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'x.png', content: jpeg },
      admin.token,
    );
    expect(asJpeg.statusCode, asJpeg.body).toBe(200);
    // No wider than a card: the card shows the picture itself.
    expect(asJpeg.json().image).toMatchObject({ width: 400, height: 300, sort_order: 2, card_url: '' });
    expect(asJpeg.json().image.url).toMatch(/\.jpg$/);

    const page = (await t.api.get(`/api/productinfo?slug=${product.product_slug}`)).json();
    expect(page.product_images.map((i: { url: string }) => i.url)).toEqual([
      `/uploads/products/${product.product_slug}-1.svg`,
      url,
      asJpeg.json().image.url,
    ]);
    const audit = await auditOf('product', product.id);
    expect(audit.map((a) => a.action)).toEqual(['image-add', 'image-add']);
    expect(audit[0]?.after).toMatchObject({ url, alt: 'A blue lunch box' });
  });

  it('refuses a .png that is really text (415), a file too big (413) and a body without a file, storing nothing', async () => {
    const category = await insertCategory(t);
    const product = await insertProduct(t, category.id);
    const text = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'photo.png', content: Buffer.from('this is not a picture at all') },
      admin.token,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MSG.pictureNotAccepted);
    // A PNG's first bytes with nothing that decodes after them.
    const broken = (await png(600, 400)).subarray(0, 40);
    const cut = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'cut.png', content: broken },
      admin.token,
    );
    expect(cut.statusCode).toBe(415);
    expect(cut.json().message).toBe(MSG.pictureNotAccepted);
    // A GIF's bytes are a picture, but not one of the kinds taken.
    const gif = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'a.gif', content: SAMPLES.gif },
      admin.token,
    );
    expect(gif.statusCode).toBe(415);

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(
      `/api/admin/products/${product.id}/images`,
      { filename: 'big.png', content: big },
      admin.token,
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MSG.pictureTooBig);

    const { body, contentType } = multipart([{ name: 'alt', value: 'nothing' }]);
    const none = await t.api.post(`/api/admin/products/${product.id}/images`, {
      headers: { ...bearer(admin.token), 'content-type': contentType },
      body,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.catalogueFileRequired);

    const json = await post(`/api/admin/products/${product.id}/images`, { alt: 'x' }, admin.token);
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MSG.catalogueUploadNotMultipart);

    expect(await imagesOf(product.id)).toHaveLength(1);
    expect(await auditOf('product', product.id)).toEqual([]);
  });

  it('orders, re-labels and deletes pictures; an order that does not name each picture once is refused', async () => {
    const category = await insertCategory(t);
    const product = await insertProduct(t, category.id);
    for (const alt of ['second', 'third']) {
      const res = await upload(
        `/api/admin/products/${product.id}/images`,
        { filename: 'p.png', content: await png(8, 8) },
        admin.token,
        { alt },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const [first, second, third] = await imagesOf(product.id);
    const order = await post(
      `/api/admin/products/${product.id}/images/order`,
      { image_ids: [third!.id, first!.id, second!.id] },
      admin.token,
    );
    expect(order.statusCode, order.body).toBe(200);
    expect((await imagesOf(product.id)).map((i) => [i.id, i.sort_order])).toEqual([
      [third!.id, 0],
      [first!.id, 1],
      [second!.id, 2],
    ]);
    const page = (await t.api.get(`/api/productinfo?slug=${product.product_slug}`)).json();
    expect(page.product_images.map((i: { alt: string }) => i.alt)).toEqual(['third', product.product_slug, 'second']);

    for (const ids of [
      [first!.id, second!.id],
      [first!.id, first!.id, second!.id],
      [first!.id, second!.id, 999_999],
    ]) {
      const refused = await post(`/api/admin/products/${product.id}/images/order`, { image_ids: ids }, admin.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MSG.picturesChanged);
    }

    const alt = await post(
      `/api/admin/products/${product.id}/images/${first!.id}`,
      { alt: 'Front cover' },
      admin.token,
    );
    expect(alt.statusCode, alt.body).toBe(200);
    const tooLongAlt = await post(
      `/api/admin/products/${product.id}/images/${first!.id}`,
      { alt: 'x'.repeat(201) },
      admin.token,
    );
    expect(tooLongAlt.statusCode).toBe(400);
    expect(tooLongAlt.json().errors).toEqual({ alt: tooLong(200) });

    const key = third!.url.slice('/uploads/'.length);
    expect(await t.ctx.storage.exists(key)).toBe(true);
    const deleted = await post(`/api/admin/products/${product.id}/images/${third!.id}/delete`, {}, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.ctx.storage.exists(key)).toBe(false);
    expect((await imagesOf(product.id)).map((i) => [i.id, i.alt])).toEqual([
      [first!.id, 'Front cover'],
      [second!.id, 'second'],
    ]);
    // Another product's picture is not found through this one.
    const other = await insertProduct(t, category.id);
    expect((await post(`/api/admin/products/${other.id}/images/${first!.id}/delete`, {}, admin.token)).statusCode).toBe(
      404,
    );

    expect((await auditOf('product', product.id)).map((a) => a.action)).toEqual([
      'image-add',
      'image-add',
      'image-order',
      'image-alt',
      'image-delete',
    ]);
    const history = CatalogueHistoryResponse.parse(
      (await get(`/api/admin/products/${product.id}/history`, rep.token)).json(),
    );
    expect(history.entries.map((e) => e.action)).toEqual([
      'image-delete',
      'image-alt',
      'image-order',
      'image-add',
      'image-add',
    ]);
  });
});

describe('overview PDF', () => {
  it('takes a real PDF only, shows it on the product page, and removes it', async () => {
    const { id } = await createdProduct({ include_overview_btn: 1, overview_btn_label: 'Download the overview' });
    const fake = await upload(
      `/api/admin/products/${id}/overview`,
      { filename: 'overview.pdf', content: Buffer.from('<html>not a pdf</html>') },
      admin.token,
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(MSG.overviewNotPdf);

    const res = await upload(
      `/api/admin/products/${id}/overview`,
      { filename: 'overview.pdf', content: SAMPLES.pdf },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^/uploads/overviews/uploaded/${id}-[0-9a-f]{12}\\.pdf$`));
    const detail = AdminProductResponse.parse((await get(`/api/admin/products/${id}`, admin.token)).json()).product;
    expect(detail.overview_pdf).toBe(url);
    expect((await t.api.get(`/api/productinfo?slug=${detail.product_slug}`)).json().product.overview_pdf).toBe(url);

    const removed = await post(`/api/admin/products/${id}/overview/remove`, {}, admin.token);
    expect(removed.statusCode).toBe(200);
    expect(await t.ctx.storage.exists(url.slice('/uploads/'.length))).toBe(false);
    expect((await auditOf('product', id)).map((a) => [a.action, a.after])).toEqual([
      ['create', expect.anything()],
      ['overview', { overview_pdf: url }],
      ['overview-remove', { overview_pdf: '' }],
    ]);
  });
});
