import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  CompleteOrderFields,
  completionErrors,
  OrderFormFields,
  salesTaxNote,
  type TOrderFormFields,
  withTagChoicesCleared,
} from './orders.ts';

/** A form a school could complete: planners with every required answer, terms accepted. */
const complete: TOrderFormFields = {
  school_year: '2027-2028',
  noprimary_planners: '120',
  cust_pages: '2',
  vinyl_pockets: '2',
  cover_optn: '1',
  delivery_optn: '2',
  ss_car_mag_add: '2',
  tax: '0',
  payment_method: '3',
  agreed: true,
};

const errorsOf = (fields: TOrderFormFields) => completionErrors(OrderFormFields.parse(fields));
const formatErrors = (fields: TOrderFormFields) => {
  const result = OrderFormFields.safeParse(fields);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the reservation form as a draft', () => {
  it('keeps a half-filled form: blanks are none, typed digits are numbers', () => {
    const values = OrderFormFields.parse({ noprimary_planners: '40', nocust_pages: '', cover_optn: 3 });
    expect(values).toMatchObject({ noprimary_planners: 40, nocust_pages: null, cover_optn: 3, school_year: '' });
  });

  it('reads counts written with thousands separators, and only well-formed ones', () => {
    expect(
      OrderFormFields.parse({
        nohomework_folders: '1,000',
        nocar_rider: ' 12,350 ',
        nobus_rider: '1 200',
        noafter_school: '2\u00a0050',
        nowalker_biker: '1\u202f000',
      }),
    ).toMatchObject({
      nohomework_folders: 1000,
      nocar_rider: 12350,
      nobus_rider: 1200,
      noafter_school: 2050,
      nowalker_biker: 1000,
    });
    expect(
      formatErrors({
        noprimary_planners: '1,00',
        nostandard_planners: ',100',
        no8511_planners: '1 20',
        no69_planners: '1, 200',
      }),
    ).toEqual({
      noprimary_planners: MSG.wholeNumber,
      nostandard_planners: MSG.wholeNumber,
      no8511_planners: MSG.wholeNumber,
      no69_planners: MSG.wholeNumber,
    });
  });

  it('refuses only what is malformed: minus, decimals, letters and counts off their multiples', () => {
    expect(
      formatErrors({
        noprimary_planners: '-5',
        nostandard_planners: '2.5',
        no8511_planners: 'ten',
        nocar_dismissal: '75',
        nohomework_folders: '300',
        nobus_rider: '120',
        cover_optn: '9',
        style_of_tag: 'Rocket',
      }),
    ).toEqual({
      noprimary_planners: MSG.wholeNumber,
      nostandard_planners: MSG.wholeNumber,
      no8511_planners: MSG.wholeNumber,
      nocar_dismissal: MSG.multiplesOf50,
      nohomework_folders: MSG.multiplesOf250,
      nobus_rider: MSG.multiplesOf50,
      cover_optn: MSG.chooseFromList,
      style_of_tag: MSG.chooseFromList,
    });
  });

  it('takes counts in multiples of 50 (tags) and 250 (homework folders)', () => {
    expect(formatErrors({ nocar_dismissal: '150', nohomework_folders: '1000', nowalker_biker: '50' })).toEqual({});
  });
});

describe('completing the reservation (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(complete)).toEqual({});
    expect(CompleteOrderFields.safeParse(complete).success).toBe(true);
  });

  it('asks for the school year, a payment option and the terms', () => {
    expect(errorsOf({})).toEqual({
      school_year: MSG.selectSchoolYear,
      payment_method: MSG.choosePaymentOption,
      agreed: MSG.acceptTerms,
    });
  });

  it('takes No Payment Required as agreeing to the terms', () => {
    expect(errorsOf({ ...complete, payment_method: '0', agreed: false })).toEqual({});
  });

  it('makes the planner questions required once any planner is ordered', () => {
    const { cust_pages, vinyl_pockets, cover_optn, delivery_optn, ss_car_mag_add, tax, ...rest } = complete;
    expect(errorsOf(rest)).toEqual({
      cust_pages: MSG.required,
      vinyl_pockets: MSG.required,
      cover_optn: MSG.required,
      delivery_optn: MSG.required,
      ss_car_mag_add: MSG.required,
      tax: MSG.required,
    });
    expect(errorsOf({ ...rest, noprimary_planners: '0' })).toEqual({});
  });

  it('asks for what each choice brings with it', () => {
    expect(
      errorsOf({
        ...complete,
        cust_pages: '1',
        vinyl_pockets: '1',
        cover_optn: '2',
        sr_inst_req: true,
        ss_car_mag_add: '1',
      }),
    ).toEqual({
      nocust_pages: MSG.wholeNumber,
      novinyl_pockets: MSG.wholeNumber,
      cover_optn_school_name: MSG.required,
      sr_inst: MSG.required,
      ss_car_mag: MSG.required,
    });
    expect(
      errorsOf({
        ...complete,
        cust_pages: '1',
        nocust_pages: '4',
        vinyl_pockets: '1',
        novinyl_pockets: '2',
        cover_optn: '2',
        cover_optn_school_name: 'Bayshore Elementary',
        sr_inst_req: true,
        sr_inst: 'Gold lettering, please.',
        ss_car_mag_add: '1',
        ss_car_mag: '500',
      }),
    ).toEqual({});
  });

  it('asks for the tag style, then its color or type, then the instructions they call for', () => {
    const tags = { ...complete, nocar_dismissal: '100' };
    expect(errorsOf(tags)).toEqual({ style_of_tag: MSG.required });
    expect(errorsOf({ ...tags, style_of_tag: 'Happy Car' })).toEqual({ style_of_tag_color: MSG.required });
    expect(errorsOf({ ...tags, style_of_tag: 'Happy Car', style_of_tag_color: 'Special Request' })).toEqual({
      style_of_tag_inst: MSG.required,
    });
    expect(errorsOf({ ...tags, style_of_tag: 'Vertical Hangers' })).toEqual({ type_of_tag: MSG.required });
    expect(errorsOf({ ...tags, style_of_tag: 'Vertical Hangers', type_of_tag: 'Logo and Prenumbered' })).toEqual({
      type_of_tag_inst: MSG.required,
    });
    expect(errorsOf({ ...tags, style_of_tag: 'Vertical Hangers', type_of_tag: 'School Logo Only' })).toEqual({});
  });

  it('reports each rule under its field through the schema', () => {
    const result = CompleteOrderFields.safeParse({ ...complete, cover_optn: '2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cover_optn_school_name', MSG.required],
    ]);
  });
});

describe('withTagChoicesCleared', () => {
  it('keeps a Happy Car’s color and drops a type; keeps a Vertical Hanger’s type and drops a color', () => {
    const happy = withTagChoicesCleared(
      OrderFormFields.parse({
        style_of_tag: 'Happy Car',
        style_of_tag_color: 'Blue',
        style_of_tag_inst: 'stale',
        type_of_tag: 'School Logo Only',
        type_of_tag_inst: 'stale',
      }),
    );
    expect(happy).toMatchObject({
      style_of_tag_color: 'Blue',
      style_of_tag_inst: '',
      type_of_tag: null,
      type_of_tag_inst: '',
    });
    const hanger = withTagChoicesCleared(
      OrderFormFields.parse({
        style_of_tag: 'Vertical Hangers',
        style_of_tag_color: 'Special Request',
        style_of_tag_inst: 'teal',
        type_of_tag: 'Logo and Prenumbered',
        type_of_tag_inst: 'Start at 100',
      }),
    );
    expect(hanger).toMatchObject({
      style_of_tag_color: null,
      style_of_tag_inst: '',
      type_of_tag: 'Logo and Prenumbered',
      type_of_tag_inst: 'Start at 100',
    });
  });
});

describe('salesTaxNote', () => {
  it('says the site’s own note until staff add the tax, the exempt note to an exempt school, nothing once taxed', () => {
    const site = 'Sales tax will be added to your order later by our team.';
    expect(salesTaxNote(false, false, site)).toBe(site);
    expect(salesTaxNote(false, false)).toBe(MSG.taxAddedLater);
    expect(salesTaxNote(true, false, site)).toBe(MSG.taxExemptNote);
    expect(salesTaxNote(false, true, site)).toBeNull();
  });
});
