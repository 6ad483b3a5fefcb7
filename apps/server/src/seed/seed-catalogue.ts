import PDFDocument from 'pdfkit';
import type { Executor } from '../db/client.ts';
import { categories, cost_sheets, product_images, products, testimonials } from '../db/schema/index.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { contentTypeOf, type FileStorage } from '../lib/storage/file-storage.ts';
import { productPictureRow, UPLOADS_URL } from '../modules/catalogue/product-picture.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue.ts';
import {
  CARD_PICTURE_WIDTH,
  cardPictureKey,
  categoryPictureKey,
  demoPictureKeys,
  PRODUCT_PICTURE_WIDTH,
  productPictureKey,
  readDemoPicture,
} from './demo-pictures.ts';

const TESTIMONIALS = [
  {
    name: 'Maria Hernandez',
    address: 'Principal, Lutz Elementary, Lutz FL',
    note: '<p>Every one of our 700 students started the year with a planner, and it cost our families nothing. The sponsors’ pages are tasteful and the parents love the calendar.</p>',
  },
  {
    name: 'James Whitaker',
    address: 'Assistant Principal, Pinellas Park Middle School',
    note: '<p>The car-rider tags cut our afternoon line from 40 minutes to under 20. Ordering took ten minutes.</p>',
  },
  {
    name: 'Denise Carter',
    address: 'Owner, Carter Family Dentistry, Brandon FL',
    note: '<p>We have sponsored planners at three schools for six years. It is the one marketing spend our patients actually mention to us.</p>',
  },
  {
    name: 'Robert Nguyen',
    address: 'Office Manager, Seminole Heights Charter',
    note: '<p>Custom pages for our handbook, our own cover, and delivery before pre-planning week. Their team caught two typos in our calendar before printing.</p>',
  },
  {
    name: 'Angela Brooks',
    address: 'PTA President, Riverview High School',
    note: '<p>Homework folders for the whole freshman class, free. Our teachers noticed the difference in the first month.</p>',
  },
];

/** Stores the demo's files a few at a time: a bucket answers each one over the network. */
async function storeAll(storage: FileStorage, files: { key: string; make: () => string | Buffer | Promise<Buffer> }[]) {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await file.make();
      await storage.put(file.key, Buffer.isBuffer(body) ? body : Buffer.from(body), contentTypeOf(file.key));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** A one-page product overview PDF, as staff would upload. */
function overviewPdf(p: DemoProduct): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `${p.name} — overview` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text(p.name);
    doc
      .moveDown()
      .fontSize(12)
      .text(
        p.description
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    doc.moveDown().text(
      p.specification
        .replace(/<\/td><\/tr>/g, '\n')
        .replace(/<[^>]+>/g, ' ')
        .replace(/ +/g, ' ')
        .trim(),
    );
    doc.moveDown().fillColor('#1864ab').text('School Planner Savings · Tampa, FL');
    doc.end();
  });
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Writes the demo catalogue: categories, products with their pictures, overview PDFs and
 * cost sheets, and testimonials. Files go to the storage, served at /uploads.
 */
export async function seedCatalogue(db: Executor, storage: FileStorage): Promise<void> {
  await storeAll(storage, [
    ...demoPictureKeys().map((key) => ({ key, make: () => readDemoPicture(key) })),
    ...DEMO_PRODUCTS.filter((p) => p.overview).map((p) => ({
      key: `overviews/${p.slug}.pdf`,
      make: () => overviewPdf(p),
    })),
  ]);

  const categoryIds = new Map<string, number>();
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        category_name: c.name,
        category_slug: c.slug,
        category_name_seo: `${c.name} | School Planner Savings`,
        category_description: c.description,
        category_description_seo: c.description,
        category_image: `${UPLOADS_URL}/${categoryPictureKey(c.slug)}`,
        category_canonical: `/category/${c.slug}`,
        sort_order: i,
      })
      .returning({ id: categories.id });
    categoryIds.set(c.slug, row!.id);
  }

  const start = Date.now() - DEMO_PRODUCTS.length * 60_000;
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const createdAt = new Date(start + i * 60_000);
    const [row] = await db
      .insert(products)
      .values({
        category_id: categoryIds.get(p.category)!,
        product_name: p.name,
        product_slug: p.slug,
        seo_title: `${p.name} | School Planner Savings`,
        seo_description: p.description
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 155),
        type: p.type,
        login_req: p.login_req,
        include_overview_btn: p.overview ? 1 : 0,
        include_contact_btn: 1,
        overview_pdf: p.overview ? `${UPLOADS_URL}/overviews/${p.slug}.pdf` : '',
        overview_btn_label: p.overview ? 'Download Product Overview' : '',
        product_desc: sanitizeHtml(p.description),
        product_spec: p.art === 'ad' && p.category !== 'student-planners' ? '' : sanitizeHtml(p.specification),
        price_cents: p.price_cents,
        brand: p.brand,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    await db.insert(product_images).values(
      Array.from({ length: p.images }, (_, view) =>
        productPictureRow(
          productId,
          {
            key: productPictureKey(p, view),
            width: PRODUCT_PICTURE_WIDTH,
            height: PRODUCT_PICTURE_WIDTH,
            card: { key: cardPictureKey(p, view), width: CARD_PICTURE_WIDTH },
          },
          view === 0 ? p.name : `${p.name}, view ${view + 1}`,
          view,
        ),
      ),
    );
    if (p.type === 'order' && p.art === 'planner') {
      await db.insert(cost_sheets).values({
        product_id: productId,
        planner_price: p.price_cents,
        cust_page_price: cents(0.35),
        vinyl_price: cents(0.45),
        cover_price_1: 0,
        cover_price_2: cents(0.25),
        cover_price_3: cents(0.6),
        delivery_price_1: 0,
        delivery_price_2: cents(0.15),
        delivery_price_3: 0,
        car_magnet_price_250: cents(187.5),
        car_magnet_price_500: cents(337.5),
        car_magnet_price_1000: cents(600),
      });
    }
  }

  await db
    .insert(testimonials)
    .values(TESTIMONIALS.map((t, i) => ({ ...t, note: sanitizeHtml(t.note), sort_order: i })));
}
