import { TestimonialsResponse } from '@portal/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testimonials } from '../../src/db/schema/index.ts';
import { createCatalogueApp } from '../helpers/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueApp();
});
afterAll(() => t?.close());

describe('GET /api/testimonials', () => {
  it('lists the five seeded testimonials in order, with name, address and the note as HTML', async () => {
    const res = await t.api.get('/api/testimonials');
    expect(res.statusCode).toBe(200);
    const body = TestimonialsResponse.parse(res.json());
    expect(body.status).toBe('success');
    expect(body.testimonials.map((x) => x.name)).toEqual([
      'Maria Hernandez',
      'James Whitaker',
      'Denise Carter',
      'Robert Nguyen',
      'Angela Brooks',
    ]);
    expect(body.testimonials[0]).toEqual({
      name: 'Maria Hernandez',
      address: 'Principal, Lutz Elementary, Lutz FL',
      note: expect.stringMatching(/^<p>Every one of our 700 students started the year with a planner.*<\/p>$/),
    });
    for (const x of body.testimonials) {
      expect(Object.keys(x).sort()).toEqual(['address', 'name', 'note']);
      expect(x.address.length).toBeGreaterThan(0);
      expect(x.note).toMatch(/^<p>.+<\/p>$/);
    }
  });

  it('follows the staff’s order, leaves out unpublished ones, and answers [] when there are none', async () => {
    const own = await createTestApp();
    try {
      expect((await own.api.get('/api/testimonials')).json()).toEqual({
        status: 'success',
        message: 'ok',
        testimonials: [],
      });
      await own.db.insert(testimonials).values([
        { name: 'Second', address: 'B', note: '<p>b</p>', sort_order: 2 },
        { name: 'Hidden', address: 'C', note: '<p>c</p>', sort_order: 0, published: false },
        { name: 'First', address: 'A', note: '<p>a</p>', sort_order: 1 },
      ]);
      expect((await own.api.get('/api/testimonials')).json()).toEqual({
        status: 'success',
        message: 'ok',
        testimonials: [
          { name: 'First', address: 'A', note: '<p>a</p>' },
          { name: 'Second', address: 'B', note: '<p>b</p>' },
        ],
      });
    } finally {
      await own.close();
    }
  });
});
