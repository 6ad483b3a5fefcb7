import { MSG } from '@portal/contracts/messages';
import { type TUpdateTempOrderBody, UpdateTempOrderBody } from '@portal/contracts/orders';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler as schemaOnly } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validatorCompiler } from './validator-compiler.ts';

const route = { schema: UpdateTempOrderBody, method: 'POST', url: '/api/updatetemporder', httpPart: 'body' };
const compiled = () => validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
const plain = () => schemaOnly(route as FastifyRouteSchemaDef<z.ZodType>);

/** A form as the web app sends it: typed numbers are strings, blanks are ''. */
const form: TUpdateTempOrderBody = {
  order_key: 'k'.repeat(32),
  draft: '1',
  status: '',
  school_year: '2027-2028',
  noprimary_planners: '1,200',
  nostandard_planners: ' 80 ',
  no8511_planners: '',
  cust_pages: '1',
  nocust_pages: '4',
  cover_optn: '2',
  cover_optn_school_name: 'Palm Grove Elementary',
  sr_inst_req: 'on',
  ss_car_mag_add: '1',
  ss_car_mag: '500',
  nocar_dismissal: '100',
  style_of_tag: 'Happy Car',
  style_of_tag_color: 'Blue',
  tax: '0',
  payment_method: '3',
  agreed: false,
};

const refused = (result: unknown) => {
  const { error } = result as { error?: { instancePath: string; message: string }[] };
  return error?.map((v) => [v.instancePath, v.message]);
};

describe('the routes’ validator', () => {
  it('reads a form exactly as the schema does', () => {
    const validate = compiled();
    // The first request compiles, the next ones take the compiled path: both answer alike.
    expect(validate(form)).toEqual(plain()(form));
    expect(validate(form)).toEqual(plain()(form));
    expect(validate(form)).toMatchObject({
      value: { draft: 1, status: 'Pending', noprimary_planners: 1200, nostandard_planners: 80, no8511_planners: null },
    });
  });

  it.each([
    ['a negative count', { noprimary_planners: '-5' }],
    ['a count with an exponent', { nocar_rider: '1e3' }],
    ['a count off its multiple', { nocar_dismissal: '120' }],
    ['a choice that is not offered', { cover_optn: '7' }],
    ['a wrong draft flag', { draft: 'maybe' }],
    ['a missing key', { order_key: undefined }],
    ['an object where text goes', { cover_optn_school_name: { a: 1 } }],
  ])('refuses %s with the schema’s own messages', (_, change) => {
    const body = { ...form, ...change };
    const validate = compiled();
    validate(form);
    const messages = refused(validate(body));
    expect(messages?.length).toBeGreaterThan(0);
    expect(messages).toEqual(refused(plain()(body)));
  });

  it('refuses text the database could not store before any other rule', () => {
    const messages = refused(compiled()({ ...form, cover_optn_school_name: 'Palm\u0000Grove' }));
    expect(messages).toContainEqual(['/cover_optn_school_name', MSG.unstorableText]);
  });
});
