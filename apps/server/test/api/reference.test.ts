import { USER_TYPE } from '@portal/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { createSchoolUser, createSponsorUser, createStaffUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/states', () => {
  it('lists the 50 states and the District of Columbia, each with its counties', async () => {
    const res = await t.api.get('/api/states');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      status: string;
      states: { state_name: string; state_code: string }[];
      counties: Record<string, string[]>;
    };
    expect(body.status).toBe('success');
    expect(body.states).toHaveLength(51);
    const names = body.states.map((s) => s.state_name);
    expect(names).toContain('District of Columbia');
    expect(names).toContain('Wyoming');
    expect(new Set(body.states.map((s) => s.state_code)).size).toBe(51);
    expect(body.states.find((s) => s.state_name === 'Florida')?.state_code).toBe('FL');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    expect(Object.keys(body.counties).sort()).toEqual([...names].sort());
    for (const name of names) expect(body.counties[name]?.length, name).toBeGreaterThan(0);
  });

  it('gives Florida its 67 counties, Miami-Dade and Hillsborough among them', async () => {
    const { counties } = (await t.api.get('/api/states')).json();
    const florida: string[] = counties.Florida;
    expect(florida).toHaveLength(67);
    expect(new Set(florida).size).toBe(67);
    expect(florida).toContain('Miami-Dade');
    expect(florida).toContain('Hillsborough');
    expect(florida).toContain('Pinellas');
    expect(florida).not.toContain('Harris');
    expect(counties.Texas).toContain('Harris');
  });

  it('needs no sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/states' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/salesreps', () => {
  it('lists the active sales reps only, by name, with the spec’s fields', async () => {
    const rita = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Rita', last_name: 'Delgado' });
    const marcus = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Marcus', last_name: 'Reed' });
    const retired = await createStaffUser(t, USER_TYPE.salesRep, { first_name: 'Old', last_name: 'Hand' });
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, retired.user.id));
    await createStaffUser(t, USER_TYPE.admin, { first_name: 'Alex', last_name: 'Morgan' });
    await createSchoolUser(t);
    await createSponsorUser(t);

    const res = await t.api.get('/api/salesreps');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'ok',
      salesreps: [
        { user_id: marcus.user.id, user_fname: 'Marcus', user_lname: 'Reed' },
        { user_id: rita.user.id, user_fname: 'Rita', user_lname: 'Delgado' },
      ],
    });
  });
});
